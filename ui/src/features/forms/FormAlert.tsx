import { useEffect, useRef, useState } from "react";

/**
 * What a refused submission says above its fields: the message, then the problems no field shows. `fields` marks
 * an alert about the fields in red, which goes once none is.
 */
export type FormAlertContent = { text: string; more: string[]; fields?: boolean };

/**
 * A form's alert. One about the fields in red clears itself once the visitor fixed them all (after a failed
 * attempt each field is checked again as it changes), rather than staying until the next attempt. It goes when
 * the count of fields in red falls to none, not whenever it is none: the alert may render before the errors do.
 */
export function useFormAlert(errorCount: number) {
  const [alert, setAlert] = useState<FormAlertContent | null>(null);
  const hadErrors = useRef(false);
  useEffect(() => {
    if (errorCount > 0) {
      hadErrors.current = true;
      return;
    }
    if (!hadErrors.current) return;
    hadErrors.current = false;
    setAlert((a) => (a?.fields && a.more.length === 0 ? null : a));
  }, [errorCount]);
  return [alert, setAlert] as const;
}

/** The live region above a form's fields; empty until a submission is refused, so screen readers hear it when it fills. */
export function FormAlert({ alert }: { alert: FormAlertContent | null }) {
  return (
    <div className="lead-form__alert" role="alert">
      {alert && (
        <>
          <p className="lead-form__alert-text">{alert.text}</p>
          {alert.more.length > 0 && (
            <ul className="lead-form__alert-list">
              {alert.more.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
