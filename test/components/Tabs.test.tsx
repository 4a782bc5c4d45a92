import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '@/components/Tabs';

const tabs = [
  { id: 'one', label: 'First', content: <p>First panel</p> },
  { id: 'two', label: 'Second', content: <p>Second panel</p> },
  { id: 'three', label: 'Third', content: <p>Third panel</p> },
];

describe('Tabs', () => {
  it('renders the tabs pattern with the first tab selected', () => {
    render(<Tabs tabs={tabs} label="Example" />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    const [first, second, third] = screen.getAllByRole('tab');
    expect(first).toHaveAccessibleName('First');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('aria-selected', 'false');
    expect(second).toHaveAttribute('tabindex', '-1');
    expect(third).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('First panel');
    expect(first).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', first.id);
    expect(screen.getByRole('tabpanel', { name: 'First' })).toBe(panel);
  });

  it('selects a tab on click and shows only its panel', async () => {
    const user = userEvent.setup();
    const onSelectedChange = jest.fn();
    render(<Tabs tabs={tabs} label="Example" onSelectedChange={onSelectedChange} />);
    await user.click(screen.getByRole('tab', { name: 'Third' }));
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
    expect(onSelectedChange).toHaveBeenCalledWith('three');
  });

  it('moves focus and selection with ArrowRight / ArrowLeft, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Example" />);
    await user.click(screen.getByRole('tab', { name: 'First' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('tabindex', '-1');
  });

  it('Home and End jump to the first and last tab', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Example" defaultSelectedId="two" />);
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('First panel');
  });

  it('Tab from the selected tab moves into the panel (roving tabindex)', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Example" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const onSelectedChange = jest.fn();
    render(<Tabs tabs={tabs} label="Example" selectedId="two" onSelectedChange={onSelectedChange} />);
    await user.click(screen.getByRole('tab', { name: 'Third' }));
    expect(onSelectedChange).toHaveBeenCalledWith('three');
    // the parent did not change selectedId, so the selection stays
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
  });
});
