import { useEffect, useImperativeHandle, type Ref } from "react";
import { loadRecaptchaIfNeeded } from "./recaptchaScript";
import type { CaptchaHandle } from "./Captcha";

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** The action the server expects the token for (captcha/recaptcha.go). */
export const recaptchaAction = "submit";

/** Waits for Google's script to define grecaptcha, up to timeoutMs. */
export async function grecaptchaReady(timeoutMs = 10_000, win: Window = window): Promise<Grecaptcha> {
  const start = Date.now();
  while (!win.grecaptcha) {
    if (Date.now() - start > timeoutMs) throw new Error("reCAPTCHA did not load");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const g = win.grecaptcha;
  await new Promise<void>((resolve) => g.ready(resolve));
  return g;
}

interface Props {
  siteKey: string;
  ref: Ref<CaptchaHandle>;
}

/**
 * reCAPTCHA v3 in place of the proof of work, when the agency configured a
 * site key: Google's script loads for this form only (the data-recaptcha
 * element is what the loader looks for), and a token is asked at sending.
 */
export function Recaptcha({ siteKey, ref }: Props) {
  useEffect(() => {
    loadRecaptchaIfNeeded(siteKey);
  }, [siteKey]);

  useImperativeHandle(ref, () => ({
    async solve() {
      const g = await grecaptchaReady();
      return g.execute(siteKey, { action: recaptchaAction });
    },
    reset() {
      // Every solve asks Google for a fresh token: nothing to forget.
    },
  }));

  return <div className="lead-form__captcha" data-recaptcha="" />;
}
