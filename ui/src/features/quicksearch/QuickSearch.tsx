import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLang, usePage, useRouteTable } from "../../app/context";
import { Icon } from "../../lib/icons/Icon";
import { Picture } from "../../lib/photo/Picture";
import { thumbnailPicture } from "../../lib/photo/pictures";
import { enterTarget, orderOptions, type Option } from "./rank";
import type { QuickSearcher, TownResult } from "./search";
import { cutDescription } from "./text";
import { useQuickSearch } from "./useQuickSearch";
import "./QuickSearch.css";

/** A result's photo is 72 px wide (QuickSearch.css .quick-search__thumb). */
const quickSearchThumbSizes = "72px";

/** Where Enter on a town goes: its for-sale list, or for-rent when it has only rentals. */
export function townListPath(town: TownResult): string {
  return town.saleCount === 0 && town.rentCount > 0 ? "/for-rent/" : "/for-sale/";
}

/**
 * The header's quick search: a button opening a search row with a combobox
 * (WAI-ARIA 1.2 pattern, list autocomplete) over properties by reference or
 * text and towns by name or postcode.
 */
export function QuickSearch({ search }: { search?: QuickSearcher }) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const table = useRouteTable();
  const { path } = usePage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  const { results, loading, failed } = useQuickSearch(lang, query, search);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const options = orderOptions(query, results);
  // The groups in the options' order, so the arrow keys move down the list as it reads.
  const groups = [...new Set(options.map((o) => o.kind))];
  const optionId = (i: number) => `${id}-option-${i}`;
  const showList = expanded && query.trim() !== "" && !loading;

  useEffect(() => {
    setOpen(false);
    setQuery("");
  }, [path]);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useEffect(() => setActive(-1), [results]);

  const close = () => {
    setOpen(false);
    setExpanded(false);
    toggleRef.current?.focus();
  };

  const choose = (option: Option) => {
    if (option.kind === "property") {
      navigate(option.hit.url);
    } else {
      const list = table.localize(townListPath(option.hit), lang);
      if (list) navigate(`${list}?city=${encodeURIComponent(option.hit.name)}`);
    }
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        setExpanded(true);
        setActive((a) => (options.length === 0 ? -1 : (a + 1) % options.length));
        break;
      case "ArrowUp":
        e.preventDefault();
        setExpanded(true);
        setActive((a) => (options.length === 0 ? -1 : a <= 0 ? options.length - 1 : a - 1));
        break;
      case "Enter": {
        const option = options[active] ?? enterTarget(query, options);
        if (option) {
          e.preventDefault();
          choose(option);
        }
        break;
      }
      case "Escape":
        e.preventDefault();
        if (expanded && query !== "") {
          setExpanded(false);
          setActive(-1);
        } else {
          close();
        }
        break;
    }
  };

  const status = loading
    ? t("quickSearch.searching")
    : failed
      ? t("quickSearch.failed")
      : query.trim() === ""
        ? ""
        : options.length === 0
          ? t("quickSearch.none")
          : t("quickSearch.count", { count: options.length });

  const renderOption = (option: Option, i: number) => {
    const selected = i === active;
    const common = {
      id: optionId(i),
      role: "option",
      "aria-selected": selected,
      className: `quick-search__option${selected ? " quick-search__option--active" : ""}`,
      onMouseDown: (e: MouseEvent) => e.preventDefault(),
      onClick: () => choose(option),
    };
    if (option.kind === "town") {
      const n = option.hit.saleCount + option.hit.rentCount;
      return (
        <li key={`town-${option.hit.zip}-${option.hit.name}`} {...common}>
          <Icon name="pin" size={20} />
          <span className="quick-search__main">
            <span className="quick-search__title">
              {option.hit.zip} {option.hit.name}
            </span>
            <span className="quick-search__meta">{t("quickSearch.townCount", { count: n })}</span>
          </span>
        </li>
      );
    }
    const { hit } = option;
    return (
      <li key={`property-${hit.id}`} {...common}>
        {hit.thumbnail ? (
          <Picture
            picture={thumbnailPicture(hit.thumbnail.optimized, quickSearchThumbSizes)}
            className="quick-search__thumb"
            src={hit.thumbnail.url}
            width={hit.thumbnail.width}
            height={hit.thumbnail.height}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className="quick-search__thumb quick-search__thumb--none" aria-hidden="true" />
        )}
        <span className="quick-search__main">
          <span className="quick-search__title">
            {hit.type} · {hit.zip} {hit.city}
          </span>
          <span className="quick-search__desc">{cutDescription(hit.description, 100)}</span>
          <span className="quick-search__meta">{t("quickSearch.ref", { id: hit.id })}</span>
        </span>
      </li>
    );
  };

  return (
    <div className="quick-search">
      <button
        ref={toggleRef}
        type="button"
        className="quick-search__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name={open ? "close" : "search"} size={22} />
        <span className="visually-hidden">{open ? t("quickSearch.close") : t("quickSearch.open")}</span>
      </button>
      <div id={`${id}-panel`} className="quick-search__panel" hidden={!open}>
        <form role="search" className="container quick-search__form" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${id}-input`} className="quick-search__label">
            {t("quickSearch.label")}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="quick-search__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={showList && options.length > 0}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setExpanded(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setExpanded(false)}
            onFocus={() => setExpanded(true)}
          />
          <div id={`${id}-listbox`} role="listbox" aria-label={t("quickSearch.results")} className="quick-search__listbox" hidden={!showList || options.length === 0}>
            {groups.map((kind) => (
              <ul key={kind} role="group" aria-labelledby={`${id}-${kind}`} className="quick-search__group">
                <li role="presentation" id={`${id}-${kind}`} className="quick-search__heading">
                  {t(kind === "property" ? "quickSearch.properties" : "quickSearch.towns")}
                </li>
                {options.map((o, i) => (o.kind === kind ? renderOption(o, i) : null))}
              </ul>
            ))}
          </div>
          {showList && options.length === 0 && !failed && (
            // Seen, not read: the status below says it to screen readers.
            <p className="quick-search__none" aria-hidden="true">
              {t("quickSearch.none")}
            </p>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {status}
          </p>
        </form>
      </div>
    </div>
  );
}
