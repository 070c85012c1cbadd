/** What a refused submission says above its fields: the message, then the problems no field shows. */
export type FormAlertContent = { text: string; more: string[] };

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
