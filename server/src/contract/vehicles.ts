/** GET/POST /api/vehicles: a customer's own vehicles. */
import { type Static, Type } from 'typebox';
import { Paged, PageQuery } from './common';
import { MAX_PLATE_LENGTH } from './limits';

export { MAX_PLATE_LENGTH } from './limits';

/**
 * A number plate as typed (the booking form's "Vehicle ID"): trimmed and upper-cased by the server. Letters,
 * digits, spaces, dots and hyphens; the pattern has no overlapping repetition (linear-time on any input).
 */
export const Plate = Type.String({
  maxLength: MAX_PLATE_LENGTH,
  pattern: '^ *[\\p{L}\\p{N}][\\p{L}\\p{N} .-]*$',
  errorMessages: {
    required: 'Vehicle ID is required',
    type: 'Vehicle ID is required',
    pattern: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens',
    maxLength: `Vehicle ID must be at most ${MAX_PLATE_LENGTH} characters long`,
  },
});

const name = (label: string) => Type.String({ maxLength: 40, errorMessages: { maxLength: `${label} must be at most 40 characters long` } });

export const NewVehicleBody = Type.Object(
  {
    plate: Plate,
    make: Type.Optional(name('Make')),
    model: Type.Optional(name('Model')),
    year: Type.Optional(
      Type.Integer({ minimum: 1886, maximum: 2100, errorMessages: { type: 'Year must be a whole number', minimum: 'Year must be 1886 or later', maximum: 'Year is not valid' } }),
    ),
  },
  { additionalProperties: false },
);
export type NewVehicleBody = Static<typeof NewVehicleBody>;

export const Vehicle = Type.Object({
  id: Type.String(),
  plate: Type.String(),
  make: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  year: Type.Optional(Type.Integer()),
  createdAt: Type.String(),
});
export type Vehicle = Static<typeof Vehicle>;

export const VehicleListQuery = Type.Object(PageQuery, { additionalProperties: false });
export type VehicleListQuery = Static<typeof VehicleListQuery>;

export const VehiclePage = Paged(Vehicle);
export type VehiclePage = Static<typeof VehiclePage>;
