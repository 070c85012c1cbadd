import type { TypeNode } from "../../lib/api/types";

/** A category or sub-type with what the search counts for it. */
export interface TypeOption {
  node: TypeNode;
  /** The typeId facet values it stands for: its own id, and its sub-types' for a category. */
  values: string[];
  count: number;
  refined: "all" | "some" | "none";
  children: TypeOption[];
}

/**
 * Lays the typeId facet's counts over the type tree: a category counts its
 * own listings and its sub-types'. Types without listings are left out unless
 * refined (a visitor must be able to remove a filter whose count fell to 0).
 */
export function typeOptions(tree: readonly TypeNode[], counts: ReadonlyMap<string, number>, refined: ReadonlySet<string>): TypeOption[] {
  const option = (node: TypeNode, children: TypeOption[]): TypeOption => {
    const own = String(node.id);
    const values = [own, ...children.flatMap((c) => c.values)];
    const count = (counts.get(own) ?? 0) + children.reduce((n, c) => n + c.count, 0);
    const on = values.filter((v) => refined.has(v)).length;
    return { node, values, count, refined: on === 0 ? "none" : on === values.length ? "all" : "some", children };
  };
  const visible = (o: TypeOption) => o.count > 0 || o.refined !== "none";
  return tree
    .map((node) => option(node, node.children.map((c) => option(c, [])).filter(visible)))
    .filter(visible);
}

/** The values to toggle when a visitor flips an option: all on unless all are on already. */
export function valuesToToggle(o: TypeOption, refined: ReadonlySet<string>): string[] {
  return o.refined === "all" ? o.values.filter((v) => refined.has(v)) : o.values.filter((v) => !refined.has(v));
}

/** Every type's name by its id, for the chips of the filters in force. */
export function typeNames(tree: readonly TypeNode[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (nodes: readonly TypeNode[]) => {
    for (const n of nodes) {
      names.set(String(n.id), n.name);
      walk(n.children);
    }
  };
  walk(tree);
  return names;
}
