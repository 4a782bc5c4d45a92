import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '@/components/Checkbox';
import { Select } from '@/components/Select';

const accountTypes = [
  { value: 'CUSTOMER', label: 'Vehicle Owner (Customer)' },
  { value: 'EMPLOYEE', label: 'Service Technician (Employee)' },
];

describe('Select', () => {
  it('renders a labelled select with its options and an optional placeholder', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLSelectElement>();
    render(<Select ref={ref} label="Account Type" options={accountTypes} placeholder="Choose one" defaultValue="" />);
    const select = screen.getByRole('combobox', { name: 'Account Type' });
    expect(ref.current).toBe(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose one',
      'Vehicle Owner (Customer)',
      'Service Technician (Employee)',
    ]);
    await user.selectOptions(select, 'EMPLOYEE');
    expect(select).toHaveValue('EMPLOYEE');
  });

  it('announces and links its error', () => {
    render(<Select label="Service Type" options={accountTypes} error="Pick a service" />);
    const select = screen.getByRole('combobox', { name: 'Service Type' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick a service');
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a service');
  });
});

describe('Checkbox', () => {
  it('is labelled, toggles from its label and forwards its ref', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox ref={ref} label="Remember me" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(ref.current).toBe(checkbox);
    expect(checkbox).not.toBeChecked();
    await user.click(screen.getByText('Remember me'));
    expect(checkbox).toBeChecked();
  });
});
