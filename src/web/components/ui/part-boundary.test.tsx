import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../../lib/hydration';
import { PartBoundary } from './part-boundary';

/** What Chromium throws for an import() whose file cannot be fetched (offline). */
const offline = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/mobile-menu-abc.js');

function Page({ attempt, Part }: { attempt: number; Part: ComponentType }) {
  return (
    <div>
      <h1>即将出行</h1>
      <PartBoundary key={attempt} fallback={<p role="alert">首次打开菜单需要网络连接</p>}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </PartBoundary>
    </div>
  );
}

describe('a part whose code cannot be fetched offline (decision 102)', () => {
  it('says so in place, the page stays, and the next attempt loads it once the network is back', async () => {
    // React reports an error a boundary caught on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const Menu = () => <nav>菜单</nav>;
    const load = vi.fn((): Promise<{ default: typeof Menu }> =>
      online ? Promise.resolve({ default: Menu }) : Promise.reject(offline()),
    );
    const Part = lazyPart(load);
    const { rerender } = render(<Page attempt={1} Part={Part} />);
    expect((await screen.findByRole('alert')).textContent).toBe('首次打开菜单需要网络连接');
    expect(screen.getByRole('heading').textContent).toBe('即将出行');

    online = true;
    rerender(<Page attempt={2} Part={Part} />);
    expect((await screen.findByRole('navigation')).textContent).toBe('菜单');
    expect(screen.queryByRole('alert')).toBeNull();
    // React.lazy alone would keep the first failure for good.
    expect(load.mock.results.at(-1)?.type).toBe('return');
    vi.mocked(console.error).mockRestore();
  });

  it('any other error goes on to the page’s error element', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('a bug');
    };
    expect(() => render(<Page attempt={1} Part={Broken} />)).toThrow('a bug');
    vi.mocked(console.error).mockRestore();
  });
});
