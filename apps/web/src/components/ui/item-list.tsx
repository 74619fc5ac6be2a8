import type { ReactNode } from 'react';

/** A list of cards or rows, one `<li>` an item, keyed by the item's id. */
export function ItemList<T extends { id: number | string }>({
  items,
  className,
  children,
}: {
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
