import { useEffect } from "react";
import type { PageData } from "../lib/api/types";

/** Keeps <title> and <html lang> in step with the page on screen (the server sent them for the first one). */
export function useDocumentMeta(page: PageData, title?: string): void {
  const text = title ?? page.documentTitle;
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
  useEffect(() => {
    document.documentElement.lang = page.lang;
  }, [page.lang]);
}
