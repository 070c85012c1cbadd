import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * After a failed attempt the first field in red takes the focus, once, in the order the visitor reads them. It
 * waits for the errors to be on screen: they may render after the attempt's own state. Call the returned function
 * on each failed attempt.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, errorCount: number): () => void {
  const pendingFocus = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) {
      pendingFocus.current = false;
      first.focus();
    }
  }, [formRef, focusRequest, errorCount]);
  return () => {
    pendingFocus.current = true;
    setFocusRequest((n) => n + 1);
  };
}
