import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDismiss } from './use-dismiss.ts';

function Nested({ outer, inner }: { outer: (reason: string) => void; inner: (reason: string) => void }) {
  const outerRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const [innerOpen, setInnerOpen] = useState(true);
  useDismiss({ open: true, onDismiss: outer, inside: [outerRef] });
  useDismiss({ open: innerOpen, onDismiss: (reason) => { inner(reason); setInnerOpen(false); }, inside: [innerRef] });
  return (
    <div ref={outerRef}>
      drawer
      {innerOpen && <div ref={innerRef}>dropdown</div>}
    </div>
  );
}

function Layer({ onDismiss }: { onDismiss: (reason: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [open] = useState(true);
  useDismiss({ open, onDismiss, inside: [ref] });
  return (
    <div>
      <div ref={ref}>inside</div>
      <p>outside</p>
    </div>
  );
}

describe('useDismiss', () => {
  it('should dismiss on Escape', () => {
    const onDismiss = vi.fn();
    render(<Layer onDismiss={onDismiss} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledWith('escape');
  });

  it('should dismiss on a click outside but not inside', () => {
    const onDismiss = vi.fn();
    render(<Layer onDismiss={onDismiss} />);
    fireEvent.mouseDown(screen.getByText('inside'), { clientX: 1, clientY: 1 });
    fireEvent.mouseUp(screen.getByText('inside'), { clientX: 1, clientY: 1 });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByText('outside'), { clientX: 10, clientY: 10 });
    fireEvent.mouseUp(screen.getByText('outside'), { clientX: 12, clientY: 13 });
    expect(onDismiss).toHaveBeenCalledWith('outside');
  });

  it('should ignore an outside press that moved more than 5 px before release', () => {
    const onDismiss = vi.fn();
    render(<Layer onDismiss={onDismiss} />);
    fireEvent.mouseDown(screen.getByText('outside'), { clientX: 10, clientY: 10 });
    fireEvent.mouseUp(screen.getByText('outside'), { clientX: 16, clientY: 10 });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('should ignore a press that started inside and ended outside', () => {
    const onDismiss = vi.fn();
    render(<Layer onDismiss={onDismiss} />);
    fireEvent.mouseDown(screen.getByText('inside'), { clientX: 10, clientY: 10 });
    fireEvent.mouseUp(screen.getByText('outside'), { clientX: 10, clientY: 10 });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('should let only the innermost open layer answer Escape, then the next one', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(<Nested outer={outer} inner={inner} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledWith('escape');
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(outer).toHaveBeenCalledWith('escape');
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
