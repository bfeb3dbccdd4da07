import { useCallback, useEffect, useRef, useState } from 'react';
import { API, MESSAGES } from '@cinegrade/contract';
import { ApiError, callApi } from '../../api/client';

export type HealthResult = { ok: true; checkedAt: Date } | { ok: false; checkedAt: Date; reason: string };

/**
 * The live answer of GET /api/health, which is ok only when the server and its database respond.
 * A new check aborts the one still running, and leaving the page aborts both.
 */
export function useSystemHealth(): { result: HealthResult | null; checking: boolean; check: () => void } {
  const [result, setResult] = useState<HealthResult | null>(null);
  const [checking, setChecking] = useState(true);
  const running = useRef<AbortController | null>(null);

  const check = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setChecking(true);
    void callApi(API.health, { signal: controller.signal })
      .then(
        () => setResult({ ok: true, checkedAt: new Date() }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResult({ ok: false, checkedAt: new Date(), reason: error instanceof ApiError ? error.message : MESSAGES.unexpected });
        },
      )
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
  }, []);

  useEffect(() => {
    check();
    return () => running.current?.abort();
  }, [check]);

  return { result, checking, check };
}
