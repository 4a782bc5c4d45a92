/**
 * The ids of `items` grouped by status: one Set per listed status (empty when none match). List filters use it
 * so that switching filter is a set lookup per row.
 */
export function idsByStatus<S extends string>(items: readonly { id: string; status: S }[], statuses: readonly S[]): Record<S, Set<string>> {
  const groups = Object.fromEntries(statuses.map((s) => [s, new Set<string>()])) as Record<S, Set<string>>;
  for (const item of items) groups[item.status]?.add(item.id);
  return groups;
}
