import { Hono } from 'hono';
import { lowerCapsInput } from '@/shared/schemas/caps';
import { idParam } from '@/shared/schemas/common';
import {
  contractContentInput,
  contractPartnerInput,
  contractResetInput,
  contractSignInput,
  contractTemplateInput,
  contractVersionParam,
} from '@/shared/schemas/contracts';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { openContract } from './contracts.open';
import { contractPdf } from './contracts.pdf';
import { getContract, getContractHistory, getContractVersion } from './contracts.queries';
import { lowerCaps, replaceText, requestEdit, reviewEdit, signContract } from './contracts.write';

/** /api/contracts: the contract each active pair shares (decision 022). */
export const contractRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', contractPartnerInput), async (c) =>
      c.json({ contract: await getContract(deps, c.get('actor'), c.req.valid('query')) }, 200),
    )
    .post('/', validate('json', contractPartnerInput), async (c) => {
      const opened = await openContract(deps, c.get('actor'), c.req.valid('json'));
      return c.json(opened, opened.created ? 201 : 200);
    })
    .put('/:id/content', validate('param', idParam), validate('json', contractContentInput), async (c) => {
      await deps.limits.hit('contractWriteByAccount', c.get('actor').id);
      return c.json(
        {
          contract: await replaceText(
            deps,
            c.get('actor'),
            { ...c.req.valid('json'), ...c.req.valid('param') },
            'edited',
          ),
        },
        200,
      );
    })
    .post('/:id/template', validate('param', idParam), validate('json', contractTemplateInput), async (c) => {
      await deps.limits.hit('contractWriteByAccount', c.get('actor').id);
      return c.json(
        {
          contract: await replaceText(
            deps,
            c.get('actor'),
            { ...c.req.valid('json'), ...c.req.valid('param') },
            'template_loaded',
          ),
        },
        200,
      );
    })
    .post('/:id/reset', validate('param', idParam), validate('json', contractResetInput), async (c) => {
      await deps.limits.hit('contractWriteByAccount', c.get('actor').id);
      return c.json(
        {
          contract: await replaceText(
            deps,
            c.get('actor'),
            { ...c.req.valid('json'), ...c.req.valid('param') },
            'reset',
          ),
        },
        200,
      );
    })
    .post('/:id/sign', validate('param', idParam), validate('json', contractSignInput), async (c) =>
      c.json(
        {
          contract: await signContract(deps, c.get('actor'), {
            ...c.req.valid('json'),
            ...c.req.valid('param'),
          }),
        },
        200,
      ),
    )
    .post('/:id/caps/lower', validate('param', idParam), validate('json', lowerCapsInput), async (c) => {
      await deps.limits.hit('contractWriteByAccount', c.get('actor').id);
      const { caps } = c.req.valid('json');
      return c.json(
        { contract: await lowerCaps(deps, c.get('actor'), { ...c.req.valid('param'), caps }) },
        200,
      );
    })
    .post('/:id/edit-request', validate('param', idParam), async (c) =>
      c.json({ contract: await requestEdit(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    .post('/:id/edit-request/approve', validate('param', idParam), async (c) =>
      c.json({ contract: await reviewEdit(deps, c.get('actor'), c.req.valid('param'), true) }, 200),
    )
    .post('/:id/edit-request/deny', validate('param', idParam), async (c) =>
      c.json({ contract: await reviewEdit(deps, c.get('actor'), c.req.valid('param'), false) }, 200),
    )
    .get('/:id/history', validate('param', idParam), async (c) =>
      c.json(await getContractHistory(deps, c.get('actor'), c.req.valid('param')), 200),
    )
    .get('/:id/pdf', validate('param', idParam), async (c) => {
      await deps.limits.hit('contractPdfByAccount', c.get('actor').id);
      const { contract, pdf } = await contractPdf(deps, c.get('actor'), c.req.valid('param'));
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `attachment; filename="pact-contract-v${contract.versionNumber}.pdf"`,
        // Never kept by the browser or a proxy: a shared device keeps nothing private after logout.
        'Cache-Control': 'private, no-store',
      });
    })
    .get('/:id/versions/:versionId', validate('param', contractVersionParam), async (c) =>
      c.json({ version: await getContractVersion(deps, c.get('actor'), c.req.valid('param')) }, 200),
    );
