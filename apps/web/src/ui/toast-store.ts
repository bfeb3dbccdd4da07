import { createValueStore, useValueStore } from '../lib/value-store';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

/**
 * One toast is visible at a time: a new toast replaces the current one.
 * Kept outside React so any module (error handlers, callbacks) can show one.
 */
const current = createValueStore<ToastMessage | null>(null);
let nextId = 1;

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current.set({ ...message, id: nextId++ });
}

export function dismissToast(id?: number): void {
  const shown = current.get();
  if (shown && (id === undefined || shown.id === id)) current.set(null);
}

export function useCurrentToast(): ToastMessage | null {
  return useValueStore(current);
}
