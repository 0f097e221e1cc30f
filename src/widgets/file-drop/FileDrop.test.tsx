import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../contract/contract.ts';
import { FILE_ACCEPT, FILE_ERROR_CLEAR_MS, FileDrop, uploadFileError } from './FileDrop.tsx';

function fileOf(name: string, bytes = 1024, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
const zone = () => screen.getByRole('group', { name: 'Logo' });

describe('uploadFileError', () => {
  it('should accept jpg, jpeg, png and pdf in any case up to 10485760 bytes', () => {
    expect(UPLOAD_MAX_BYTES).toBe(10_485_760);
    for (const name of ['a.jpg', 'a.JPEG', 'scan.Png', 'invoice.PDF']) expect(uploadFileError(fileOf(name))).toBeNull();
    expect(uploadFileError(fileOf('a.pdf', UPLOAD_MAX_BYTES))).toBeNull();
    expect(uploadFileError(fileOf('a.pdf', UPLOAD_MAX_BYTES + 1))).toBe('validation.file_size');
  });

  it('should refuse other or missing extensions', () => {
    expect(uploadFileError(fileOf('setup.exe'))).toBe('validation.file_extension');
    expect(uploadFileError(fileOf('photo.gif'))).toBe('validation.file_extension');
    expect(uploadFileError(fileOf('pdf'))).toBe('validation.file_extension');
    expect(uploadFileError(fileOf('.pdf'))).toBe('validation.file_extension');
    expect(uploadFileError(fileOf('a.pdf.exe'))).toBe('validation.file_extension');
  });
});

describe('FileDrop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should name its group and its choose button, with the hint as description', () => {
    const { container } = render(<FileDrop label="Logo" />);
    expect(zone()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription('JPG or PDF up to 10MB');
    expect(screen.getByText('Drag a file here or choose one')).toBeInTheDocument();
    expect(fileInput(container)).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf');
    expect(FILE_ACCEPT).toBe('.jpg,.jpeg,.png,.pdf');
  });

  it('should open the native picker from the button with the mouse, Enter and Space', async () => {
    const { container } = render(<FileDrop label="Logo" />);
    const click = vi.spyOn(fileInput(container), 'click').mockImplementation(() => undefined);
    const button = screen.getByRole('button', { name: 'Choose file' });
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(3);
  });

  it('should take a picked file, show its name and remove it', async () => {
    const onFileChange = vi.fn();
    const { container } = render(<FileDrop label="Logo" onFileChange={onFileChange} />);
    const logo = fileOf('logo.PNG', 2048, 'image/png');
    await userEvent.upload(fileInput(container), logo);
    expect(onFileChange).toHaveBeenCalledWith(logo);
    expect(screen.getByText('Selected file: logo.PNG')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove file: logo.PNG' }));
    expect(onFileChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(/Selected file/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveFocus();
  });

  it('should show an error given from outside in its alert, as the choose button\'s description, until it is cleared', () => {
    const { rerender } = render(<FileDrop label="Logo" error="The shop cannot take more files right now." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The shop cannot take more files right now.');
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription('The shop cannot take more files right now. JPG or PDF up to 10MB');
    rerender(<FileDrop label="Logo" error={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription('JPG or PDF up to 10MB');
  });

  it('should refuse a .exe with "Unauthorized file extension" and clear the alert after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    const onFileChange = vi.fn();
    const { container } = render(<FileDrop label="Logo" onFileChange={onFileChange} />);
    await user.upload(fileInput(container), fileOf('setup.exe'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unauthorized file extension');
    expect(onFileChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription('Unauthorized file extension JPG or PDF up to 10MB');
    // shouldAdvanceTime lets real time run too, so the check before the deadline keeps a margin.
    act(() => {
      vi.advanceTimersByTime(FILE_ERROR_CLEAR_MS - 1000);
    });
    expect(alert).toHaveTextContent('Unauthorized file extension');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(alert).toBeEmptyDOMElement();
    expect(FILE_ERROR_CLEAR_MS).toBe(3000);
  });

  it('should refuse an 11 MB file with "File size too large" and keep the previous file', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onFileChange = vi.fn();
    const { container } = render(<FileDrop label="Logo" onFileChange={onFileChange} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(fileInput(container), fileOf('ok.pdf', 1000, 'application/pdf'));
    await user.upload(fileInput(container), fileOf('big.pdf', 11 * 1024 * 1024, 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('File size too large');
    expect(onFileChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Selected file: ok.pdf')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(FILE_ERROR_CLEAR_MS);
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('should restart the 3 s when the same error happens again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<FileDrop label="Logo" />);
    fireEvent.drop(zone(), { dataTransfer: { files: [fileOf('a.exe')] } });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    fireEvent.drop(zone(), { dataTransfer: { files: [fileOf('b.exe')] } });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized file extension');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('should mark drag-over and take a dropped file', () => {
    const onFileChange = vi.fn();
    render(<FileDrop label="Logo" onFileChange={onFileChange} />);
    expect(zone()).toHaveAttribute('data-state', 'idle');
    fireEvent.dragEnter(zone(), { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone()).toHaveAttribute('data-state', 'dragover');
    fireEvent.dragLeave(zone(), { relatedTarget: document.body });
    expect(zone()).toHaveAttribute('data-state', 'idle');
    fireEvent.dragOver(zone(), { dataTransfer: { files: [], dropEffect: 'none' } });
    const scan = fileOf('scan.jpeg', 5000, 'image/jpeg');
    fireEvent.drop(zone(), { dataTransfer: { files: [scan] } });
    expect(zone()).toHaveAttribute('data-state', 'idle');
    expect(onFileChange).toHaveBeenCalledWith(scan);
    expect(screen.getByText('Selected file: scan.jpeg')).toBeInTheDocument();
  });

  it('should refuse dropped files when disabled', () => {
    const onFileChange = vi.fn();
    render(<FileDrop label="Logo" disabled onFileChange={onFileChange} />);
    fireEvent.drop(zone(), { dataTransfer: { files: [fileOf('scan.jpg')] } });
    expect(onFileChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeDisabled();
  });
});
