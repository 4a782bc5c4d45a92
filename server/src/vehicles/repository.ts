import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db, VehiclesTable } from '../db/schema';

export type VehicleRow = Selectable<VehiclesTable>;

/** Customers' vehicles in SQL. Every query names one customer: another customer's vehicle does not exist here. */
export class VehicleRepository {
  constructor(private readonly db: Db) {}

  /** A page in plate order, after the keyset `after` ([plate, id]) when given; `limit + 1` rows tell whether more follow. */
  page(customerId: string, limit: number, after: string[] | null): Promise<VehicleRow[]> {
    return this.db
      .selectFrom('vehicles')
      .selectAll()
      .where('customer_id', '=', customerId)
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('plate', 'id'), '>', eb.tuple(after![0], after![1]))))
      .orderBy('plate')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
  }

  /** Refused by `vehicles_customer_plate_key` when the customer already has the plate. */
  insert(vehicle: { customerId: string; plate: string; make: string | null; model: string | null; year: number | null; createdAt: string }): Promise<VehicleRow> {
    return this.db
      .insertInto('vehicles')
      .values({
        id: randomUUID(),
        customer_id: vehicle.customerId,
        plate: vehicle.plate,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        created_at: vehicle.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/** Inside a booking: the id of the customer's vehicle with this (normalised) plate, added to their vehicles when new. */
export async function vehicleIdForPlate(trx: Transaction<Database>, customerId: string, plate: string, nowIso: string): Promise<string> {
  await trx
    .insertInto('vehicles')
    .values({ id: randomUUID(), customer_id: customerId, plate, created_at: nowIso })
    .onConflict((oc) => oc.constraint('vehicles_customer_plate_key').doNothing())
    .execute();
  const row = await trx.selectFrom('vehicles').select('id').where('customer_id', '=', customerId).where('plate', '=', plate).executeTakeFirstOrThrow();
  return row.id;
}

/** Inside a booking: `vehicleId` when it is this customer's; someone else's vehicle does not exist. */
export async function ownVehicleId(trx: Transaction<Database>, customerId: string, vehicleId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('vehicles').select('id').where('id', '=', vehicleId).where('customer_id', '=', customerId).executeTakeFirst();
  return row?.id;
}
