// "Ask the service": the same place and window as the offline prediction, asked of GET /passes
// (the service's own list, 2 tokens). The cost is shown before the call (confirmed above the
// analyst's threshold), the charge after it; every answer is stored and read again from the
// cache, offline, in this section's history. The service's passes stay in their own table,
// labelled as its answer: the prediction above is computed here, and the two are not mixed.
import type { StoredAnswer } from '../../../../shared/contract';
import { describePrice, TOOL_PRICES } from '../../../../shared/tool-prices';
import { useAppInfo, useToolAnswer } from '../../data';
import { EmptyState } from '../../ui/empty-state';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { endDateOf, usePassesState } from './passes-state';
import { ServicePassesAnswer } from './service-answer';
import { buildServicePasses, summarize } from './service-params';

export function ServicePasses({ start, days }: { start: string; days: number }) {
  const info = useAppInfo().data;
  const target = usePassesState((s) => s.target);
  const serviceId = usePassesState((s) => s.serviceId);
  const chooseService = usePassesState((s) => s.chooseService);
  const serviceMax = usePassesState((s) => s.serviceMax);
  const setServiceMax = usePassesState((s) => s.setServiceMax);
  const runner = useToolRunner('service pass search', (a) => chooseService(a.id));
  const chosen = useToolAnswer(serviceId);
  const price = describePrice(TOOL_PRICES.passes);

  const heading = (
    <h2 id="passes-service-heading" className="section-title">
      Ask the service ({price})
    </h2>
  );
  if (!info?.profile)
    return (
      <section className="passes-service" aria-labelledby="passes-service-heading">
        {heading}
        <p className="muted">
          No service is connected: the passes above are predicted here, offline. Connect a service (or use
          demo mode) to ask it for its own list.
        </p>
      </section>
    );
  const built = buildServicePasses(target, start, days, serviceMax);
  const answer = chosen.data?.tool === 'passes' ? chosen.data : null;
  return (
    <section className="passes-service" aria-labelledby="passes-service-heading">
      {heading}
      <p className="muted">
        The list above is predicted here from orbital elements, offline. This asks the service (GET /passes)
        for its own list for the same place and window; its answer is shown apart, never merged.
      </p>
      <label>
        Most passes{' '}
        <input
          type="number"
          aria-label="Most passes the service lists"
          min={1}
          max={100}
          value={serviceMax}
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (n >= 1 && n <= 100) setServiceMax(n);
          }}
        />
      </label>
      <RunBar title="service pass search" input={built.input} problem={built.problem} runner={runner} />
      {!serviceId ? (
        <p className="muted">
          No service answer shown: ask, or choose a stored one in the history below (read offline).
        </p>
      ) : chosen.error ? (
        <EmptyState tone="error" title="The stored answer could not be read">
          <p>{chosen.error.message}</p>
        </EmptyState>
      ) : !answer ? (
        <EmptyState tone="loading" title="Reading the stored answer…" />
      ) : (
        <ServicePassesAnswer answer={answer} target={target} start={start} end={endDateOf(start, days)} />
      )}
      <ToolHistory
        tool="passes"
        title="Service passes"
        chosenId={serviceId}
        summary={(a: StoredAnswer) => (a.tool === 'passes' ? summarize(a.request) : a.tool)}
        onChoose={(a) => chooseService(a.id)}
        onRunAgain={(a) => {
          if (a.tool === 'passes') runner.start({ tool: 'passes', params: a.request });
        }}
      />
    </section>
  );
}
