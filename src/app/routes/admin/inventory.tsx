import { UnderConstruction } from './UnderConstruction';

/** Spec §2: inventory is an under-construction page listing coming features. */
const COMING_FEATURES = [
  'Stock levels for parts, fluids and consumables per service centre',
  'Low-stock alerts and reorder suggestions',
  'Supplier and purchase order tracking',
  'Parts reserved for each appointment',
] as const;

/** /admin/inventory */
export function Component() {
  return <UnderConstruction title="Inventory" features={COMING_FEATURES} />;
}
