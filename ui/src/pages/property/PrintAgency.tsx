import type { Agency } from "../../api/types";
import { agencyAddress } from "./AgentCard";

/** The brochure's foot: the agency's name, address, phone and e-mail. Only on paper; the screen has the contact card. */
export function PrintAgency({ agency }: { agency: Agency }) {
  const parts = [agencyAddress(agency.address), agency.phone, agency.email].filter(Boolean);
  return (
    <footer className="property-print-agency">
      <strong>{agency.name}</strong>
      {parts.map((part) => (
        <span key={part}> · {part}</span>
      ))}
    </footer>
  );
}
