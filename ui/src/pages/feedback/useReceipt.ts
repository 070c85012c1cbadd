import { useEffect, useState } from "react";
import type { Receipt } from "../../api/receipt";

/** The query parameter of a thank-you page that carries its receipt. */
export const receiptParam = "receipt";

async function fetchReceipt(token: string, lang: string, signal: AbortSignal): Promise<Receipt | null> {
  try {
    const query = new URLSearchParams({ token, lang });
    const res = await fetch(`/api/receipt?${query.toString()}`, { signal, headers: { accept: "application/json" } });
    if (!res.ok) return null;
    return (await res.json()) as Receipt;
  } catch {
    return null;
  }
}

/**
 * What the thank-you page's receipt says, once read: null without a token,
 * while loading, and when the token is expired, not the site's or of
 * another form. The page then says only what is true of every submission.
 */
export function useReceipt(token: string | null, lang: string, form: string | null): Receipt | null {
  const [receipt, setReceipt] = useState<{ token: string; lang: string; receipt: Receipt } | null>(null);
  useEffect(() => {
    if (!token || !form) return;
    const controller = new AbortController();
    void fetchReceipt(token, lang, controller.signal).then((r) => {
      if (!controller.signal.aborted && r) setReceipt({ token, lang, receipt: r });
    });
    return () => controller.abort();
  }, [token, lang, form]);
  if (!receipt || receipt.token !== token || receipt.lang !== lang || receipt.receipt.form !== form) return null;
  return receipt.receipt;
}
