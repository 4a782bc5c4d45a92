import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import type { NewVehicleBody, Vehicle } from '../contract/vehicles';
import { CURSOR_FIELDS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Database, Db, VehiclesTable } from '../db/schema';
import { normalisePlate } from './rules';
import { ConflictError, NotFoundError } from '../domain/errors';

export const VEHICLE_MESSAGES = {
  duplicate: 'A vehicle with this number plate is already on your list.',
  notFound: 'Vehicle not found',
} as const;

function toVehicle(row: Selectable<VehiclesTable>): Vehicle {
  return {
    id: row.id,
    plate: row.plate,
    ...(row.make !== null && { make: row.make }),
    ...(row.model !== null && { model: row.model }),
    ...(row.year !== null && { year: row.year }),
    createdAt: toIso(row.created_at),
  };
}

/** Customers' vehicles. Every query is scoped to one customer: another customer's vehicle does not exist here. */
export class Vehicles {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(customerId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string }): Promise<Page<Vehicle>> {
    const after = cursor ? decodeCursor(cursor, [CURSOR_FIELDS.plate, CURSOR_FIELDS.uuid]) : null;
    const rows = await this.db
      .selectFrom('vehicles')
      .selectAll()
      .where('customer_id', '=', customerId)
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('plate', 'id'), '>', eb.tuple(after![0], after![1]))))
      .orderBy('plate')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    return toPage(rows, limit, (row) => [row.plate, row.id], toVehicle);
  }

  async create(customerId: string, body: NewVehicleBody): Promise<Vehicle> {
    try {
      const row = await this.db
        .insertInto('vehicles')
        .values({
          id: randomUUID(),
          customer_id: customerId,
          plate: normalisePlate(body.plate),
          make: body.make?.trim() || null,
          model: body.model?.trim() || null,
          year: body.year ?? null,
          created_at: isoAt(this.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toVehicle(row);
    } catch (error) {
      if (violates(error, 'vehicles_customer_plate_key')) throw new ConflictError(VEHICLE_MESSAGES.duplicate);
      throw error;
    }
  }
}

/** Inside a booking: the id of the customer's vehicle with this plate, added to their vehicles when new. */
export async function vehicleIdForPlate(trx: Transaction<Database>, customerId: string, plate: string, nowIso: string): Promise<string> {
  const normalised = normalisePlate(plate);
  await trx
    .insertInto('vehicles')
    .values({ id: randomUUID(), customer_id: customerId, plate: normalised, created_at: nowIso })
    .onConflict((oc) => oc.constraint('vehicles_customer_plate_key').doNothing())
    .execute();
  const row = await trx.selectFrom('vehicles').select('id').where('customer_id', '=', customerId).where('plate', '=', normalised).executeTakeFirstOrThrow();
  return row.id;
}

/** Inside a booking: `vehicleId` when it is this customer's, else 404 (someone else's vehicle does not exist). */
export async function ownVehicleId(trx: Transaction<Database>, customerId: string, vehicleId: string): Promise<string> {
  const row = await trx.selectFrom('vehicles').select('id').where('id', '=', vehicleId).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw new NotFoundError(VEHICLE_MESSAGES.notFound);
  return row.id;
}
