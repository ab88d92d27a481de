import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CapabilityRequest } from '@outboard/manifest';
import { CodedError } from '@outboard/protocol';
import { isServiceError, missingRequired, ServiceError, SERVICE_ERROR_CODES } from '../../src/broker/index.js';
import { withoutStack } from '../../src/errors/service-error.js';

describe('ServiceError', () => {
  it('carries exactly the DESIGN §8 codes', () => {
    assert.deepEqual([...SERVICE_ERROR_CODES], ['invalid_params', 'cancelled', 'timeout', 'unavailable', 'too_large', 'denied', 'invalid_scope', 'not_found']);
    const error = new ServiceError('too_large', 'Too big: the limit is 10 bytes.', { limit: 10 });
    assert.equal(error.name, 'ServiceError');
    assert.equal(error.code, 'too_large');
    assert.deepEqual(error.details, { limit: 10 });
    assert.ok(Object.isFrozen(error.details));
    assert.equal(isServiceError(error), true);
    assert.equal(isServiceError(new Error('x')), false);
    assert.throws(() => new ServiceError('internal' as never, 'x'), /must be one of invalid_params/);
    assert.ok(error instanceof CodedError, 'a ServiceError shares the one base class of coded errors');
  });
});

describe('withoutStack', () => {
  it('builds the error with no stack frames and restores the stack trace limit, also when building throws', () => {
    const before = Error.stackTraceLimit;
    const error = withoutStack(() => new ServiceError('unavailable', 'too many'));
    assert.equal(error.stack, 'ServiceError: too many');
    assert.equal(error.code, 'unavailable');
    assert.equal(isServiceError(error), true);
    assert.equal(Error.stackTraceLimit, before);
    assert.throws(() => withoutStack(() => new ServiceError('bogus' as never, 'x')), TypeError);
    assert.equal(Error.stackTraceLimit, before);
    assert.match(new Error('with').stack ?? '', /\n\s+at /, 'errors made afterwards have their stack');
  });
});

describe('missingRequired', () => {
  it('lists the required capabilities that are not granted, in manifest order', () => {
    const request: CapabilityRequest = { required: ['projects.read', 'storage.private', 'projects.read', 'events.publish'], optional: ['ui.notification'] };
    assert.deepEqual(missingRequired(request, { capabilities: ['storage.private'] }), ['projects.read', 'events.publish']);
    assert.deepEqual(missingRequired(request, { capabilities: ['projects.read', 'storage.private', 'events.publish'] }), []);
    assert.deepEqual(missingRequired(request, undefined), ['projects.read', 'storage.private', 'events.publish']);
    assert.deepEqual(missingRequired({ optional: ['ui.notification'] }, { capabilities: [] }), [], 'optional ones never count');
    assert.deepEqual(missingRequired(undefined, { capabilities: [] }), []);
  });
});
