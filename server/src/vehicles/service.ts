import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import type { NewVehicleBody, Vehicle } from '../contract/vehicles';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Db } from '../db/schema';
import { ConflictError } from '../domain/errors';
import { VehicleRepository, type VehicleRow } from './repository';
import { normalisePlate } from './rules';

export const VEHICLE_MESSAGES = {
  duplicate: 'A vehicle with this number plate is already on your list.',
  notFound: 'Vehicle not found',
} as const;

function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    plate: row.plate,
    ...(row.make !== null && { make: row.make }),
    ...(row.model !== null && { model: row.model }),
    ...(row.year !== null && { year: row.year }),
    createdAt: toIso(row.created_at),
  };
}

/** A customer's own vehicles. */
export class Vehicles {
  private readonly repository: VehicleRepository;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.repository = new VehicleRepository(db);
  }

  async list(customerId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string }): Promise<Page<Vehicle>> {
    const after = cursor ? decodeCursor(cursor, CURSORS.vehicles) : null;
    const rows = await this.repository.page(customerId, limit, after);
    return toPage(rows, limit, (row) => [row.plate, row.id], toVehicle);
  }

  async create(customerId: string, body: NewVehicleBody): Promise<Vehicle> {
    try {
      const row = await this.repository.insert({
        customerId,
        plate: normalisePlate(body.plate),
        make: body.make?.trim() || null,
        model: body.model?.trim() || null,
        year: body.year ?? null,
        createdAt: isoAt(this.now()),
      });
      return toVehicle(row);
    } catch (error) {
      if (violates(error, 'vehicles_customer_plate_key')) throw new ConflictError(VEHICLE_MESSAGES.duplicate);
      throw error;
    }
  }
}
