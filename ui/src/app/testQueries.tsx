// The data cache of a component test (imported by *.test.tsx and test helpers only).
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "./query";

/**
 * The app's query client as each test sees it: its own cache, and a failed
 * load fails at once (the retry policy has its own tests in query.test.ts).
 */
export function testQueryClient() {
  return createQueryClient({ queries: { retry: false } });
}

/** A fresh test query client around children. */
export function TestQueries({ children }: { children: ReactNode }) {
  const [client] = useState(testQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
