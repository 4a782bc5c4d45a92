import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { Catalog } from '@contract/catalog';
import { MAX_PLATE_LENGTH } from '@contract/limits';
import { isApiError, messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { DataState } from '@/components/DataState';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { type BookingField, bookingConfirmed, draftFieldChanged, selectBookingDraft } from '../bookingSlice';
import { lastBookableDate, timeSlotOptions, todayIsoDate } from '../bookingWindow';
import { useBookJobMutation, useGetAvailabilityQuery, useGetCatalogQuery, useGetVehiclesQuery } from '../jobsApi';
import { isDateKey } from '@/lib/dateKey';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { SERVICE_TYPE_PLACEHOLDER, TIME_SLOT_PLACEHOLDER, centerOptions, effectiveCenterId, serviceTypeOptions } from './bookingOptions';
import { splitFieldErrors, validateBooking } from './bookingRules';
import styles from './Booking.module.css';

export interface BookingFormProps {
  /** Focus the first field when mounted (after "Book Another Appointment"). */
  focusOnMount?: boolean;
  /** Called after the server accepted a booking (the slice then holds its id). */
  onBooked: () => void;
}

type FieldErrors = Partial<Record<BookingField, string>>;

/** The fields in form order: the first one with a server error gets the focus. */
const FIELD_ORDER: readonly BookingField[] = ['vehicleId', 'serviceType', 'serviceDate', 'timeSlot', 'centerId'];

/**
 * The booking form (spec §2 "Booking page"): its options come from the server's catalogue, so the form waits for it
 * (spinner; on failure the message with Retry).
 */
export function BookingForm(props: BookingFormProps) {
  const catalog = useGetCatalogQuery();
  return (
    <Card title="Appointment details" padding="lg">
      <DataState
        isLoading={catalog.isLoading}
        error={catalog.data || !catalog.isError ? null : messageOf(catalog.error)}
        onRetry={() => void catalog.refetch()}
        loadingLabel="Loading the booking form"
      >
        {catalog.data && <BookingFields catalog={catalog.data} {...props} />}
      </DataState>
    </Card>
  );
}

/**
 * Every change goes to the booking slice's draft so it survives a reload; a refusal (e.g. 409, the slot filled up)
 * keeps what was typed.
 */
function BookingFields({ catalog, focusOnMount = false, onBooked }: BookingFormProps & { catalog: Catalog }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectBookingDraft);
  const vehicles = useGetVehiclesQuery();
  const [book, { isLoading: booking }] = useBookJobMutation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const platesId = useId();
  const vehicleIdRef = useRef<HTMLInputElement>(null);
  const serviceTypeRef = useRef<HTMLSelectElement>(null);
  const serviceDateRef = useRef<HTMLInputElement>(null);
  const timeSlotRef = useRef<HTMLSelectElement>(null);
  const centerIdRef = useRef<HTMLSelectElement>(null);

  const centerId = effectiveCenterId(catalog, draft.centerId);
  const dateChosen = isDateKey(draft.serviceDate);
  const availability = useGetAvailabilityQuery({ date: draft.serviceDate, centerId }, { skip: !dateChosen });
  const plates = vehicles.data?.map((vehicle) => vehicle.plate) ?? [];

  useEffect(() => {
    if (focusOnMount) vehicleIdRef.current?.focus();
  }, [focusOnMount]);

  const change = (field: BookingField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    dispatch(draftFieldChanged({ field, value: event.target.value }));
    // Editing a field clears its error and the server's message (spec §5's habit).
    if (fieldErrors[field]) setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (booking) return;
    // Spec §5: proceeds only if all four fields are filled; otherwise nothing happens and no message.
    const body = validateBooking(draft, centerId);
    if (!body) return;
    setFieldErrors({});
    setFormError(null);
    try {
      const appointment = await book(body).unwrap();
      dispatch(bookingConfirmed(appointment.id));
      onBooked();
    } catch (failure) {
      const { fields, other } = splitFieldErrors(isApiError(failure) && failure.status === 400 ? failure.errors : undefined);
      if (fields.centerId && catalog.centers.length <= 1) {
        // No Service Centre select to show it on: it goes with the form's message.
        other.push(fields.centerId);
        delete fields.centerId;
      }
      setFieldErrors(fields);
      const first = FIELD_ORDER.find((field) => fields[field]);
      if (other.length > 0) setFormError(other.join(' '));
      else if (!first) setFormError(messageOf(failure));
      if (first) {
        const controls = { vehicleId: vehicleIdRef, serviceType: serviceTypeRef, serviceDate: serviceDateRef, timeSlot: timeSlotRef, centerId: centerIdRef };
        controls[first].current?.focus();
      }
    }
  };

  return (
    // noValidate: the browser must not show its own messages either (spec §5: no message).
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className={styles.fields}>
        <div>
          <TextField
            ref={vehicleIdRef}
            label="Vehicle ID"
            name="vehicleId"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={MAX_PLATE_LENGTH}
            list={platesId}
            hint={plates.length > 0 ? 'Pick one of your vehicles or type a new number plate.' : undefined}
            value={draft.vehicleId}
            error={fieldErrors.vehicleId}
            onChange={change('vehicleId')}
          />
          <datalist id={platesId}>
            {plates.map((plate) => (
              <option key={plate} value={plate} />
            ))}
          </datalist>
        </div>
        <Select
          ref={serviceTypeRef}
          label="Service Type"
          name="serviceType"
          required
          placeholder={SERVICE_TYPE_PLACEHOLDER}
          options={serviceTypeOptions(catalog)}
          value={draft.serviceType}
          error={fieldErrors.serviceType}
          onChange={change('serviceType')}
        />
        <TextField
          ref={serviceDateRef}
          label="Service Date"
          name="serviceDate"
          type="date"
          required
          min={todayIsoDate()}
          max={lastBookableDate()}
          value={draft.serviceDate}
          error={fieldErrors.serviceDate}
          onChange={change('serviceDate')}
        />
        <Select
          ref={timeSlotRef}
          label="Time Slot"
          name="timeSlot"
          required
          placeholder={TIME_SLOT_PLACEHOLDER}
          hint={dateChosen ? undefined : 'Choose a date to see which slots are free.'}
          options={timeSlotOptions(catalog.slots, dateChosen ? availability.currentData : undefined)}
          value={draft.timeSlot}
          error={fieldErrors.timeSlot}
          onChange={change('timeSlot')}
        />
        {catalog.centers.length > 1 && (
          <Select
            ref={centerIdRef}
            label="Service Centre"
            name="centerId"
            options={centerOptions(catalog)}
            value={centerId}
            error={fieldErrors.centerId}
            onChange={change('centerId')}
          />
        )}
      </div>
      {formError && <Alert variant="error">{formError}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" loading={booking} startIcon={<CalendarCheck aria-hidden="true" />}>
          Book Appointment
        </Button>
      </div>
    </form>
  );
}
