/** The forms that end on a thank-you page (/feedback/{form}/). */
export const feedbackForms = [
  "contact-me",
  "contact-appointment",
  "contact-construction",
  "contact-demand",
  "demand-register",
  "send-to-friend",
  "site-contact",
  "sign-newsletter",
  "contact-testimonial",
  "request-documents",
  "offer",
  "rent-application",
] as const;

export type FeedbackForm = (typeof feedbackForms)[number];

/** The form a thank-you page is for: the last segment of its internal path; null for another form. */
export function formOf(internal: string): FeedbackForm | null {
  const last = internal.split("/").filter(Boolean).pop() ?? "";
  return (feedbackForms as readonly string[]).includes(last) ? (last as FeedbackForm) : null;
}
