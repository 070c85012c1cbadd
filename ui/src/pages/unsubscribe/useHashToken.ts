import { useFragmentToken } from "../password-reset/token";

/**
 * The unsubscribe token of the address ("#token=…"), read once; the fragment
 * then leaves the address bar, as the reset link's does, so the token is not
 * left for the back button, a bookmark or a shared screen. null until read
 * (useFragmentToken).
 */
export function useHashToken(): string | null {
  return useFragmentToken();
}
