import { useQuery } from "@tanstack/react-query";
import type { Receipt } from "../../lib/api/receipt";
import { request } from "../../app/api";

/** The query parameter of a thank-you page that carries its receipt. */
export const receiptParam = "receipt";

/**
 * What the thank-you page's receipt says, once read: null without a token,
 * while loading, and when the token is expired, not the site's or of
 * another form. The page then says only what is true of every submission.
 */
export function useReceipt(token: string | null, lang: string, form: string | null): Receipt | null {
  const { data } = useQuery({
    queryKey: ["receipt", token, lang],
    queryFn: ({ signal }) => request<Receipt>(`/api/receipt?${new URLSearchParams({ token: token ?? "", lang }).toString()}`, { signal }),
    enabled: Boolean(token && form),
    // A receipt does not change: read once per token and language.
    staleTime: Infinity,
  });
  return data && token && data.form === form ? data : null;
}
