// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration } from './lesson-kinds';
import { dayOf } from './member-preview';
import { QuickAddForm } from './quick-add-form';

afterEach(cleanup);

/** A refusal as the tRPC client hands it over: the server's message and its HTTP status. */
const refusal = (message: string, httpStatus = 400) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } } as ConstructorParameters<typeof TRPCClientError>[1]);

function renderForm(onAdd: (title: string) => Promise<unknown>) {
  const view = render(<QuickAddForm label="New module title" submitLabel="Add module" onAdd={onAdd} />);
  const input = view.getByLabelText('New module title') as HTMLInputElement;
  return { view, input, submit: () => fireEvent.click(view.getByRole('button', { name: 'Add module' })) };
}

describe('adding a module or a lesson', () => {
  it('sends the title, then empties the field for the next one', async () => {
    const onAdd = vi.fn(async () => undefined);
    const { input, submit } = renderForm(onAdd);
    fireEvent.change(input, { target: { value: 'Orbits' } });
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    submit();
    await waitFor(() => expect(input.value).toBe(''));
    expect(onAdd).toHaveBeenCalledWith('Orbits');
  });

  it("shows the server's refusal beside the title, marked invalid and read with the field, and keeps what was typed", async () => {
    const { view, input, submit } = renderForm(async () => {
      throw refusal('title is required');
    });
    fireEvent.change(input, { target: { value: '   ' } });
    submit();
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toBe('title is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(input.value).toBe('   ');
  });

  it('a failure without a refusal of its own (the server down) says so in general words', async () => {
    const { view, input, submit } = renderForm(async () => {
      throw refusal('Internal Server Error', 500);
    });
    fireEvent.change(input, { target: { value: 'Orbits' } });
    submit();
    expect((await view.findByRole('alert')).textContent).toBe('It could not be added');
  });

  it('counts the title against its limit as it is typed, and stops at 200 characters', () => {
    const { view, input } = renderForm(async () => undefined);
    fireEvent.change(input, { target: { value: 'Orbit' } });
    expect(view.getByText('5 / 200 characters')).toBeTruthy();
    expect(input.maxLength).toBe(200);
  });
});

describe('the words of the Course Manager', () => {
  it('writes a duration as minutes and seconds, hours when there are some', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBeNull();
  });

  it("takes the preview's day only as a whole number from 0 to 3650", () => {
    expect(dayOf('0')).toBe(0);
    expect(dayOf(' 7 ')).toBe(7);
    expect(dayOf('3650')).toBe(3650);
    for (const bad of ['', '-1', '1.5', '3651', 'seven', '1e3']) expect(dayOf(bad), bad).toBeNull();
  });
});
