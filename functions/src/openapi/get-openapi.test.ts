import { describe, expect, it } from 'vitest'
import { config } from '@app/adapters'
import { OpenApiDocument } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { openApiOfManifest } from '../index.ts'
import { publishOpenApi, publishedOpenApi } from '../http/published-openapi.ts'
import getOpenApi from './get-openapi.ts'

describe('GET /api/openapi.json', () => {
  it('answers the document published from the manifest, served from its own origin', async () => {
    const res = await callRoute(getOpenApi)
    expect(res.status).toBe(200)
    const doc = OpenApiDocument.parse(res.json)
    expect(doc.servers).toEqual([{ url: config.appOrigin }])
    expect(doc.paths).toEqual(openApiOfManifest().document.paths)
  })

  it('says it is unavailable, and answers nothing made up, before anything was published', async () => {
    const published = publishedOpenApi()!
    publishOpenApi(undefined as unknown as OpenApiDocument)
    try {
      const res = await callRoute(getOpenApi)
      expect(res.status).toBe(503)
    } finally {
      publishOpenApi(published)
    }
  })
})
