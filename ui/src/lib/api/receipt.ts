// The receipt a form's answer carries to its thank-you page (httpd/receipt.go).
//
// POST /api/forms/{form} answers 201 {id, redirect}; for a form about a
// property or a project the redirect is the thank-you page with
// `?receipt=<token>`: a signed token, valid a day, naming the lead and what it
// is about, never the visitor. GET /api/receipt?token=…&lang=… answers what
// the lead's mails say, in the page's language, with Cache-Control: no-store;
// 404 {message} for a token that is not the site's, 410 {message} for an
// expired one.

export interface Receipt {
  form: string; // the form the token was issued for
  subject?: ReceiptSubject; // absent when the property or project is gone
  visit?: ReceiptVisit; // contact-appointment: the booked visit
  documents?: number; // a form that sends documents (leads/forms.json sendsDocuments): how many the mail links to (0: it says there are none yet)
}

export interface ReceiptSubject {
  kind: "property" | "project";
  id: number;
  title: string;
  url: string; // its page, a site path
  goal?: "sale" | "rent"; // a property's
}

export interface ReceiptVisit {
  start: string; // RFC 3339, UTC
  end: string;
  when: string; // the visit's time as the confirmation mail writes it, in the agency's zone and the page's language
  calendar: string; // GET: the visit as an iCalendar file (text/calendar, METHOD:PUBLISH), the event of the mails
}
