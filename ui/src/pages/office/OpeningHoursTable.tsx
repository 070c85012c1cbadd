import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { OpeningHours } from "../../lib/api/types";
import { dayName, slotsOf, week } from "./hours";

type Props = { hours: OpeningHours[] };

/** The week's opening hours, one row a day; a day without slots is closed. */
export function OpeningHoursTable({ hours }: Props) {
  const { t } = useTranslation("pages");
  const titleId = useId();
  const slotText = (slot: OpeningHours): string => {
    if (!slot.opens || !slot.closes) return t("office.hours.byAppointment");
    const values = { opens: slot.opens, closes: slot.closes };
    return slot.byAppointment ? t("office.hours.rangeByAppointment", values) : t("office.hours.range", values);
  };
  return (
    <section className="office-page__section office-page__hours" aria-labelledby={titleId}>
      <h2 id={titleId} className="office-page__heading">
        {t("office.hours.title")}
      </h2>
      <table className="office-page__hours-table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{t("office.hours.day")}</th>
            <th scope="col">{t("office.hours.time")}</th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => {
            const slots = slotsOf(day, hours);
            return (
              <tr key={day} className={slots.length === 0 ? "office-page__closed" : undefined}>
                <th scope="row">{dayName(day, t)}</th>
                <td>
                  {slots.length === 0
                    ? t("office.hours.closed")
                    : slots.map((slot) => (
                        <span key={`${slot.opens}-${slot.closes}`} className="office-page__slot">
                          {slotText(slot)}
                        </span>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
