import { useEffect, useRef, type ReactNode } from "react";
import type { Failure } from "./failure";
import "./account.css";

type Props = {
  tone: "error" | "success" | "info";
  /** Moves the focus to the alert when it appears, so keyboard and screen reader users land on it. */
  focus?: boolean;
  children: ReactNode;
};

/** A message box of the account screens: errors are alerts, the rest status messages. */
export function AccountAlert({ tone, focus = false, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      className={`account-alert account-alert--${tone}`}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={focus ? -1 : undefined}
    >
      {children}
    </div>
  );
}

/** A failure as an alert; give it a new key per attempt so the focus moves to it again. */
export function FailureAlert({ failure, children }: { failure: Failure; children?: ReactNode }) {
  return (
    <AccountAlert tone="error" focus>
      {failure.heading && <p className="account-alert__heading">{failure.heading}</p>}
      <p className="account-alert__text">{failure.text}</p>
      {failure.more && <p className="account-alert__text">{failure.more}</p>}
      {children}
    </AccountAlert>
  );
}
