import { useEffect, useState } from "react";

/**
 * What a refused submission says above its fields: the message, then the problems no field shows. `fields` marks
 * an alert about the fields in red, which goes once none is.
 */
export type FormAlertContent = { text: string; more: string[]; fields?: boolean };

/**
 * A form's alert. One about the fields in red clears itself once the visitor fixed them all (after a failed
 * attempt each field is checked again as it changes), rather than staying until the next attempt.
 */
export function useFormAlert(errorCount: number) {
  const [alert, setAlert] = useState<FormAlertContent | null>(null);
  const fixed = alert?.fields === true && alert.more.length === 0 && errorCount === 0;
  useEffect(() => {
    if (fixed) setAlert(null);
  }, [fixed]);
  return [fixed ? null : alert, setAlert] as const;
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
