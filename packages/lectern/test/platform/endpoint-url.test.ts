import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidBaseUrlError, normaliseBaseUrl } from '../../src/platform/endpoint-url.js';

function rejection(raw: string): string {
  try {
    normaliseBaseUrl(raw);
  } catch (error) {
    assert.ok(error instanceof InvalidBaseUrlError);
    assert.ok(raw === '' || !error.message.includes(raw), 'the message must not echo the submitted URL');
    return error.reason;
  }
  assert.fail(`${raw} was accepted`);
}

describe('normaliseBaseUrl', () => {
  it('keeps an https URL and strips trailing slashes', () => {
    assert.equal(normaliseBaseUrl('https://api.example.com/v1/'), 'https://api.example.com/v1');
    assert.equal(normaliseBaseUrl('https://api.example.com//'), 'https://api.example.com');
    assert.equal(normaliseBaseUrl('https://API.Example.com:443/v1'), 'https://api.example.com/v1');
    assert.equal(normaliseBaseUrl('https://api.example.com:8443/openai/v1'), 'https://api.example.com:8443/openai/v1');
  });

  it('allows plain http for loopback hosts only', () => {
    assert.equal(normaliseBaseUrl('http://localhost:11434/v1/'), 'http://localhost:11434/v1');
    assert.equal(normaliseBaseUrl('http://127.0.0.1:8080/v1'), 'http://127.0.0.1:8080/v1');
    assert.equal(normaliseBaseUrl('http://[::1]:8080'), 'http://[::1]:8080');
    assert.equal(rejection('http://api.example.com/v1'), 'insecure_http');
    assert.equal(rejection('http://192.168.1.20:8080/v1'), 'insecure_http');
    assert.equal(rejection('http://localhost.example.com/v1'), 'insecure_http');
  });

  it('refuses userinfo, queries and fragments, even empty ones', () => {
    assert.equal(rejection('https://user:sk-secret@api.example.com/v1'), 'userinfo');
    assert.equal(rejection('https://api.example.com/v1?key=sk-secret'), 'query');
    assert.equal(rejection('https://api.example.com/v1?'), 'query');
    assert.equal(rejection('https://api.example.com/v1#part'), 'fragment');
    assert.equal(rejection('https://api.example.com/v1#'), 'fragment');
  });

  it('refuses what is not an http(s) URL', () => {
    assert.equal(rejection('api.example.com/v1'), 'not_a_url');
    assert.equal(rejection(''), 'not_a_url');
    assert.equal(rejection('ftp://api.example.com'), 'unsupported_scheme');
    assert.equal(rejection('file:///etc/passwd'), 'unsupported_scheme');
  });
});
