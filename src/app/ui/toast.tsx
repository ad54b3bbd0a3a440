import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** Toasts last about 3.6 s unless a screen asks for longer (the forms' toasts: 4.6 s). */
export const TOAST_MS = 3600;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error' | 'success';
}

interface ToastApi {
  show: (message: string, opts?: { tone?: Toast['tone']; durationMs?: number }) => void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback<ToastApi['show']>((message, opts = {}) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, message, tone: opts.tone ?? 'info' }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), opts.durationMs ?? TOAST_MS);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
