import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPageSingletons } from '../page-singleton.ts';
import { Button } from '../widgets/button/Button.tsx';
import { TextField } from '../widgets/text-field/TextField.tsx';
import { WithoutScripts } from './scripts-pending.tsx';

afterEach(() => {
  resetPageSingletons();
  document.body.innerHTML = '';
});

function Form() {
  return (
    <>
      <TextField label="E-mail" />
      <Button>Log in</Button>
      <Button disabled>Unavailable</Button>
      <WithoutScripts>
        <TextField label="Search" name="search" />
      </WithoutScripts>
    </>
  );
}

describe('controls that need scripts', () => {
  it("should be disabled in the server's markup and turn on once hydrated", async () => {
    const html = renderToString(<Form />);
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Log in<\/button>/);
    // Held only for the scripts, it is marked so: it keeps its enabled look (the disabled one does not).
    expect(html).toMatch(/<button[^>]*data-pending="true"[^>]*>Log in<\/button>/);
    expect(html).toMatch(/<button(?![^>]*data-pending)[^>]*>Unavailable<\/button>/);
    expect(html).toMatch(/<input[^>]*data-pending="true"/);
    // A GET form's field works before scripts run.
    expect(html).toMatch(/<input(?![^>]*disabled)[^>]*name="search"/);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const field = container.querySelector('input');
    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    // The same node, hydrated and turned on.
    expect(container.querySelector('input')).toBe(field);
    expect(screen.getByLabelText('E-mail')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(container.querySelector('[data-pending]')).toBeNull();
  });

  it('should be enabled at once on a page the browser renders itself', () => {
    render(<Form />);
    expect(screen.getByLabelText('E-mail')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});

/** A screen whose start effect sets its search from the address, as the catalogue's does. */
function SearchScreen({ fromAddress, seen }: { fromAddress: string; seen: string[] }) {
  const [search, setSearch] = useState(fromAddress);
  useEffect(() => setSearch(fromAddress), [fromAddress]);
  seen.push(search);
  return (
    <WithoutScripts>
      <TextField label="Search" type="search" value={search} onValueChange={setSearch} />
    </WithoutScripts>
  );
}

describe('text typed before the scripts ran', () => {
  it("should be handed to the field's state at hydration, after the screen's start, and kept by the next key", async () => {
    const seen: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchScreen fromAddress="" seen={[]} />);
    document.body.append(container);
    const field = container.querySelector('input') as HTMLInputElement;
    field.value = 'mu';
    await act(async () => {
      hydrateRoot(container, <SearchScreen fromAddress="" seen={seen} />);
    });
    expect(container.querySelector('input')).toBe(field);
    expect(field.value).toBe('mu');
    expect(seen.at(-1)).toBe('mu');
    fireEvent.change(field, { target: { value: 'mug' } });
    expect(field.value).toBe('mug');
    expect(seen.at(-1)).toBe('mug');
  });

  it('should change nothing when nothing was typed, or on a page the browser renders itself', async () => {
    const seen: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchScreen fromAddress="pen" seen={[]} />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <SearchScreen fromAddress="pen" seen={seen} />);
    });
    expect(seen.every((value) => value === 'pen')).toBe(true);
    const rendered: string[] = [];
    render(<SearchScreen fromAddress="mug" seen={rendered} />);
    expect(rendered.every((value) => value === 'mug')).toBe(true);
    expect(screen.getAllByRole('searchbox').at(-1)).toHaveValue('mug');
  });
});
