import type { FastifyInstance } from 'fastify';
import { NewVehicleBody, Vehicle, VehicleListQuery, VehiclePage } from '../contract/vehicles';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Vehicles } from './service';

/** /api/vehicles — a customer's own vehicles. */
export async function vehicleRoutes(scope: FastifyInstance, { vehicles }: { vehicles: Vehicles }): Promise<void> {
  const app = typed(scope);
  const customer = app.requireRole('CUSTOMER');

  app.get('/vehicles', { schema: { querystring: VehicleListQuery, response: { 200: VehiclePage } }, onRequest: customer }, async (request) =>
    vehicles.list(viewerOf(request).id, request.query),
  );

  app.post('/vehicles', { schema: { body: NewVehicleBody, response: { 201: Vehicle } }, onRequest: customer }, async (request, reply) => {
    reply.status(201);
    return vehicles.create(viewerOf(request).id, request.body);
  });
}
