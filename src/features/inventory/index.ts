// The inventory domain: the parts catalogue and its stock per service centre (a ledger of movements on the server).
export { inventoryApi, INVENTORY_TAG_TYPES, type InventoryTag, type PartFilters } from './inventoryApi';
export { partFiltersOf, selectInventoryFilters, shownCentreId } from './inventorySlice';
export { InventoryPage, type InventoryPageProps } from './components/InventoryPage';
export { jobPartsApi, JOB_PARTS_TAG_TYPES, type JobPartsTag } from './jobPartsApi';
export { JobPartsButton } from './components/JobPartsButton';
export { JobPartsPanel } from './components/JobPartsPanel';
export { PartsShortWarning, useShortagesByJob } from './components/PartsShortWarning';
export { purchasingApi, PURCHASING_TAG_TYPES, type PurchasingTag } from './purchasingApi';
