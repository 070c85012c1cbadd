import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./Island";
import "./ScriptGate.css";

/**
 * A form's fields, inert until the app runs. Server HTML arrives before
 * the scripts: sent then, a form would go to the page's own address as a
 * GET, with what the visitor typed in the URL (history, logs, the page
 * cache). So its fields stay disabled until hydration, and a browser
 * without JavaScript shows why.
 */
export function ScriptGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  return (
    <>
      <noscript>
        <p className="script-gate__note">{t("needsScript")}</p>
      </noscript>
      <fieldset className="script-gate" disabled={!hydrated}>
        {children}
      </fieldset>
    </>
  );
}
