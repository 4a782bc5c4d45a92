import { setupStore } from '@/app/store';
import { selectCustomerServiceById, selectFilteredCustomerServices } from '@/features/customer/customerSelectors';
import { sampleCustomerServices } from '@/features/services/sampleServices';
import { servicesLoaded } from '@/features/services/servicesSlice';
import { signedIn } from '../../utils/renderWithProviders';

describe('customer selectors', () => {
  test('filter by status', () => {
    const state = setupStore({ auth: signedIn('CUSTOMER') }).getState();
    expect(selectFilteredCustomerServices(state, 'all').map((s) => s.id)).toEqual(['SRV-1001', 'SRV-1002', 'SRV-1003', 'SRV-1004']);
    expect(selectFilteredCustomerServices(state, 'not_completed').map((s) => s.id)).toEqual(['SRV-1001', 'SRV-1002']);
    expect(selectFilteredCustomerServices(state, 'completed').map((s) => s.id)).toEqual(['SRV-1003', 'SRV-1004']);
  });

  test('are memoised: the same arrays until the job list changes', () => {
    const store = setupStore({ auth: signedIn('CUSTOMER') });
    const before = store.getState();
    const completed = selectFilteredCustomerServices(before, 'completed');
    // Switching filters back and forth does not recompute.
    selectFilteredCustomerServices(before, 'not_completed');
    expect(selectFilteredCustomerServices(before, 'completed')).toBe(completed);
    // An unrelated action keeps the references.
    store.dispatch({ type: 'unrelated/action' });
    expect(selectFilteredCustomerServices(store.getState(), 'completed')).toBe(completed);

    store.dispatch(servicesLoaded({ customerServices: sampleCustomerServices.slice(0, 3) }));
    const after = selectFilteredCustomerServices(store.getState(), 'completed');
    expect(after).not.toBe(completed);
    expect(after.map((s) => s.id)).toEqual(['SRV-1003']);
  });

  test('by id', () => {
    const state = setupStore({ auth: signedIn('CUSTOMER') }).getState();
    expect(selectCustomerServiceById(state, 'SRV-1003')?.vehicleName).toBe('Nissan Leaf');
    expect(selectCustomerServiceById(state, 'nope')).toBeNull();
    expect(selectCustomerServiceById(state, null)).toBeNull();
  });
});
