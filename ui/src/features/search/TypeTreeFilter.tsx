import { useLayoutEffect, useRef } from "react";
import { useInstantSearch, useRefinementList, type UseRefinementListProps } from "react-instantsearch";
import type { TypeNode } from "../../lib/api/types";
import { typeOptions, valuesToToggle, type TypeOption } from "./typeTree";

interface Props {
  /** The hook's parameters, from widgets.ts. */
  params: UseRefinementListProps;
  tree: readonly TypeNode[];
  title: string;
}

/**
 * The type tree as nested checkboxes: a category checks or clears itself
 * and all its sub-types at once and shows 'mixed' when only some are on.
 */
export function TypeTreeFilter({ params, tree, title }: Props) {
  const { items } = useRefinementList(params);
  const { setIndexUiState } = useInstantSearch();
  const counts = new Map(items.map((i) => [i.value, i.count]));
  const refined = new Set(items.filter((i) => i.isRefined).map((i) => i.value));
  const options = typeOptions(tree, counts, refined);
  // A category's values change in one state update: one search, one history entry.
  const toggle = (o: TypeOption) => {
    const flip = new Set(valuesToToggle(o, refined));
    const next = [...[...refined].filter((v) => !flip.has(v)), ...[...flip].filter((v) => !refined.has(v))];
    setIndexUiState((state) => ({ ...state, page: undefined, refinementList: { ...state.refinementList, typeId: next } }));
  };
  if (!options.length) return null;
  return (
    <fieldset className="search-facet">
      <legend className="search-facet__title">{title}</legend>
      <ul className="search-facet__list">
        {options.map((o) => (
          <li key={o.node.id}>
            <TypeCheckbox option={o} onToggle={toggle} />
            {o.children.length > 0 && (
              <ul className="search-facet__list search-facet__list--nested">
                {o.children.map((c) => (
                  <li key={c.node.id}>
                    <TypeCheckbox option={c} onToggle={toggle} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function TypeCheckbox({ option, onToggle }: { option: TypeOption; onToggle: (o: TypeOption) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = option.refined === "some";
  // 'indeterminate' exists only as a DOM property; browsers expose it to
  // assistive technology as "mixed". An aria-checked beside it would contradict
  // the native state in the server HTML until hydration sets the property.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="search-facet__option">
      <input ref={ref} type="checkbox" checked={option.refined === "all"} onChange={() => onToggle(option)} />
      <span className="search-facet__label">{option.node.name}</span>
      <span className="search-facet__count">{option.count}</span>
    </label>
  );
}
