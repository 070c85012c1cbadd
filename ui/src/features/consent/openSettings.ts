// The footer's 'cookie settings' link lives far from the consent manager;
// a listener set lets it reopen the dialog without a shared context.
type Listener = () => void;

const listeners = new Set<Listener>();

/** Reopens the consent dialog on its settings view, showing the stored choice. */
export function openConsentSettings(): void {
  for (const listener of listeners) listener();
}

export function onOpenConsentSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
