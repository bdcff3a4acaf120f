/**
 * The group as a phrase, the same on every card and in the order review (decision 152): "2 adults,
 * 1 child, 1 infant" when the group has children or infants (a guide plans for them), else "3 people".
 * `travelers` is everyone on the tour. Keys are named with their namespace, so any card's `t` reads them.
 */
export function groupText(
  t: (key: string, o?: Record<string, unknown>) => string,
  g: { travelers: number; children?: number; infants?: number },
): string {
  const children = g.children ?? 0;
  const infants = g.infants ?? 0;
  if (!children && !infants) return t('bookings:people', { count: g.travelers });
  const parts = [t('bookings:group.adultsCount', { count: g.travelers - children - infants })];
  if (children) parts.push(t('bookings:group.childrenCount', { count: children }));
  if (infants) parts.push(t('bookings:group.infantsCount', { count: infants }));
  return parts.join(t('bookings:group.separator'));
}
