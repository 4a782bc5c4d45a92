import { render, screen } from '@testing-library/react';
import { Card } from '@/components/Card';

describe('Card', () => {
  it('renders a region named by its heading at the chosen level', () => {
    render(
      <Card title="Upcoming Services" headingLevel={3} actions={<button type="button">Refresh</button>}>
        <p>Nothing scheduled</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Upcoming Services' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 3, name: 'Upcoming Services' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByText('Nothing scheduled')).toBeInTheDocument();
  });

  it('can be an article and defaults to an h2', () => {
    render(<Card as="article" title="Brake job" />);
    expect(screen.getByRole('article', { name: 'Brake job' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Brake job' })).toBeInTheDocument();
  });

  it('without a title is a plain container', () => {
    render(<Card as="div">Body only</Card>);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Body only')).toBeInTheDocument();
  });
});
