import {
  checkVersion,
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  invalidField,
  NotFoundError,
  throwIfInvalid,
  TooManyError,
  UnauthorizedError,
  UnavailableError,
} from '../../../server/src/domain/errors';
import { domainErrorAnswer } from '../../../server/src/plugins/errorHandler';

/** Domain errors carry no HTTP: plugins/errorHandler gives each kind its status, and the body the contract's shape. */
describe('domain errors → HTTP answers', () => {
  it.each([
    [new NotFoundError('Appointment not found'), 404],
    [new ConflictError('That time slot is fully booked. Please choose another.'), 409],
    [new ForbiddenError('Access denied. You do not have permission to access this resource.'), 403],
    [new UnauthorizedError('Password is incorrect'), 401],
    [new TooManyError('Too many live views of this tracking link are open. Close one and try again.', 30), 429],
    [new UnavailableError('Too many reports are being prepared right now. Please try again in a moment.'), 503],
  ])('%p → %i { message, success: false }', (error, status) => {
    expect(domainErrorAnswer(error)).toEqual({ status, body: { message: error.message, success: false } });
  });

  it('invalid → 400 with every field, `message` being the first field’s message (as a schema failure)', () => {
    const error = new InvalidError({ date: 'Service date cannot be in the past', slot: 'Choose one of the listed time slots' });
    expect(domainErrorAnswer(error)).toEqual({
      status: 400,
      body: {
        message: 'Service date cannot be in the past',
        success: false,
        errors: { date: 'Service date cannot be in the past', slot: 'Choose one of the listed time slots' },
      },
    });
  });

  it('invalid with no field message falls back to "Validation failed"', () => {
    expect(domainErrorAnswer(new InvalidError({}))).toEqual({ status: 400, body: { message: 'Validation failed', success: false, errors: {} } });
  });

  it('invalidField is one field’s failure', () => {
    const error = invalidField('plate', 'Vehicle ID is required');
    expect(error).toBeInstanceOf(InvalidError);
    expect(error.errors).toEqual({ plate: 'Vehicle ID is required' });
    expect(error.message).toBe('Vehicle ID is required');
  });

  it('a domain error of no known kind is a 500 that says nothing internal', () => {
    class Odd extends DomainError {
      constructor() {
        super('internal detail');
      }
    }
    expect(domainErrorAnswer(new Odd())).toEqual({ status: 500, body: { message: 'Internal server error', success: false } });
  });

  it('throwIfInvalid throws only when a rule found something', () => {
    expect(() => throwIfInvalid({})).not.toThrow();
    expect(() => throwIfInvalid({ week: 'Week must be a Monday' })).toThrow(new InvalidError({ week: 'Week must be a Monday' }));
  });

  it('checkVersion refuses a stale version, and no version at all is no check', () => {
    expect(() => checkVersion(3, 3, 'changed')).not.toThrow();
    expect(() => checkVersion(3, undefined, 'changed')).not.toThrow();
    expect(() => checkVersion(3, 2, 'changed')).toThrow(ConflictError);
  });

  it('names each error after its kind (log lines read "NotFoundError: …")', () => {
    expect(new NotFoundError('x').name).toBe('NotFoundError');
    expect(new InvalidError({ a: 'b' }).name).toBe('InvalidError');
  });
});
