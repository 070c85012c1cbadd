// The JSX typing of <altcha-widget>; types only, nothing loads with it.
import type {} from "altcha/types/react";
import type { WidgetMethods } from "altcha/types";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";

export interface CaptchaHandle {
  /** The widget's proof-of-work payload, solving the challenge first when the visitor has not yet. */
  solve(): Promise<string>;
  /** Forgets the payload: the server accepts each solution once. */
  reset(): void;
}

const widgetConfiguration = JSON.stringify({ hideFooter: true });

type Widget = HTMLElement & Partial<WidgetMethods>;
type StateChange = CustomEvent<{ state?: string; payload?: string }>;

interface Props {
  lang: string;
  ref: Ref<CaptchaHandle>;
}

/** The ALTCHA widget (/api/captcha), its code fetched with the first form on a page. */
export function Captcha({ lang, ref }: Props) {
  const widget = useRef<Widget>(null);
  const payload = useRef("");
  const loaded = useRef<Promise<void> | null>(null);

  useEffect(() => {
    const loading = import("./altchaWidget").then((m) => m.loadAltcha(lang));
    // A failure is told when the visitor sends the form (solve), not as an unhandled rejection now.
    loading.catch(() => undefined);
    loaded.current = loading;
  }, [lang]);

  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    const onState = (e: Event) => {
      const { state, payload: p } = (e as StateChange).detail ?? {};
      payload.current = state === "verified" && p ? p : "";
    };
    el.addEventListener("statechange", onState);
    return () => el.removeEventListener("statechange", onState);
  }, []);

  useImperativeHandle(ref, () => ({
    async solve() {
      if (payload.current) return payload.current;
      await loaded.current;
      await customElements.whenDefined("altcha-widget");
      const result = await widget.current?.verify?.();
      if (!result?.payload) throw new Error("captcha not solved");
      payload.current = result.payload;
      return result.payload;
    },
    reset() {
      payload.current = "";
      widget.current?.reset?.();
    },
  }));

  // The footer is a link to altcha.org in low-contrast small print (axe: color-contrast, link-in-text-block).
  return (
    <div className="lead-form__captcha">
      <altcha-widget ref={widget} challenge="/api/captcha" auto="onfocus" language={lang} configuration={widgetConfiguration} />
    </div>
  );
}
