import type { Catalog as CatalogAnswer, ServiceCenter, ServiceType, TimeSlot } from '../contract/catalog';
import type { Db } from '../db/schema';

/** The settings the catalogue answers beside its rows (SHOP_TIME_ZONE, TIME_LOG_MAX_AGE_DAYS). */
export interface CatalogSettings {
  timeZone: string;
  timeLogMaxAgeDays: number;
}

/**
 * The catalogue — service types, slots, centres — is reference data that only a migration changes, so it is
 * read once at start and kept in memory: validating a booking against it costs no query.
 */
export class Catalog {
  private readonly serviceTypesByCode: Map<string, ServiceType>;
  private readonly slotsByStart: Map<string, TimeSlot>;
  private readonly centersById: Map<string, ServiceCenter>;

  private constructor(
    readonly serviceTypes: readonly ServiceType[],
    readonly slots: readonly TimeSlot[],
    readonly centers: readonly ServiceCenter[],
    readonly timeZone: string,
    /** How many days back a time log may be dated: the timeLogs domain enforces it; the SPA's form reads it here. */
    readonly timeLogMaxAgeDays: number,
  ) {
    this.serviceTypesByCode = new Map(serviceTypes.map((type) => [type.code, type]));
    this.slotsByStart = new Map(slots.map((slot) => [slot.start, slot]));
    this.centersById = new Map(centers.map((center) => [center.id, center]));
  }

  static async load(db: Db, { timeZone, timeLogMaxAgeDays }: CatalogSettings): Promise<Catalog> {
    const [types, slots, centers] = await Promise.all([
      db.selectFrom('service_types').select(['code', 'name', 'description', 'duration_minutes', 'price']).orderBy('position').execute(),
      db.selectFrom('time_slots').select(['start', 'label']).orderBy('position').execute(),
      db.selectFrom('service_centers').select(['id', 'name', 'address', 'phone', 'bays']).orderBy('position').execute(),
    ]);
    if (centers.length === 0) throw new Error('The catalogue has no service centre (is migration 0002 applied?)');
    return new Catalog(
      types.map(({ duration_minutes, ...type }) => ({ ...type, durationMinutes: duration_minutes })),
      slots,
      centers,
      timeZone,
      timeLogMaxAgeDays,
    );
  }

  serviceType(code: string): ServiceType | undefined {
    return this.serviceTypesByCode.get(code);
  }

  slot(start: string): TimeSlot | undefined {
    return this.slotsByStart.get(start);
  }

  center(id: string): ServiceCenter | undefined {
    return this.centersById.get(id.toLowerCase());
  }

  /** Bookings that name no centre go to the first one. */
  get defaultCenter(): ServiceCenter {
    return this.centers[0];
  }

  toJSON(): CatalogAnswer {
    return {
      serviceTypes: [...this.serviceTypes],
      slots: [...this.slots],
      centers: [...this.centers],
      timeZone: this.timeZone,
      timeLogMaxAgeDays: this.timeLogMaxAgeDays,
    };
  }
}
