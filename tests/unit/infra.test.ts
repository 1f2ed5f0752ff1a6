// The deployment on paper: infra/template.yaml parsed (CloudFormation tags included) and checked
// for the properties the site and the lead function rely on.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Tags } from 'yaml';
import { securityHeaders } from '../../generator/headers.ts';
import { root } from '../helpers.ts';

// Each CloudFormation short form becomes the long form, e.g. !Ref X → { Ref: 'X' }.
const intrinsic = (tag: string, key: string, kind: 'scalar' | 'seq' | 'map') => ({ tag: `!${tag}`, collection: kind === 'scalar' ? undefined : kind, resolve: (value: unknown) => ({ [key]: (value as { toJSON?: () => unknown })?.toJSON?.() ?? value }) });
const customTags = ['Ref', 'Sub', 'GetAtt', 'Equals', 'Join', 'If', 'Select', 'Split'].flatMap((name) => {
  const key = name === 'Ref' ? 'Ref' : `Fn::${name}`;
  return (['scalar', 'seq', 'map'] as const).map((kind) => intrinsic(name, key, kind));
}) as Tags;

const source = readFileSync(join(root, 'infra/template.yaml'), 'utf8');
const template = parse(source, { customTags }) as { Resources: Record<string, { Type: string; Properties: any }>; Rules: any; Globals: any; Parameters: any };
const resources = template.Resources;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const distribution = resources.Distribution!.Properties.DistributionConfig;
const sub = (v: unknown) => (v as { 'Fn::Sub'?: string })['Fn::Sub'] ?? v;

describe('infra/template.yaml', () => {
  test('is pinned to ca-central-1 and runs the function on nodejs24.x', () => {
    expect(template.Rules.CanadianRegion.Assertions[0].Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'ca-central-1'] });
    expect(template.Globals.Function.Runtime).toBe('nodejs24.x');
    expect(resources.LeadFunction!.Properties.Handler).toBe('index.handler');
  });

  test('the site bucket is private and read by CloudFront only through Origin Access Control', () => {
    expect(resources.SiteBucket!.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    const origin = distribution.Origins.find((o: any) => o.Id === 'site');
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': 'SiteOriginAccessControl.Id' });
    expect(resources.SiteOriginAccessControl!.Properties.OriginAccessControlConfig).toMatchObject({ SigningBehavior: 'always', SigningProtocol: 'sigv4', OriginAccessControlOriginType: 's3' });
    const allow = resources.SiteBucketPolicy!.Properties.PolicyDocument.Statement[0];
    expect(allow).toMatchObject({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
    expect(sub(allow.Condition.StringEquals['AWS:SourceArn'])).toContain('distribution/${Distribution}');
  });

  test('the default behaviour runs the URL rule, the very text of functions/url-rule/index.js, as a CloudFront Function', () => {
    const association = distribution.DefaultCacheBehavior.FunctionAssociations[0];
    expect(association).toEqual({ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': 'UrlRuleFunction.FunctionMetadata.FunctionARN' } });
    const fn = resources.UrlRuleFunction!.Properties;
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.FunctionCode.trim()).toBe(readFileSync(join(root, 'functions/url-rule/index.js'), 'utf8').trim());
    expect(distribution.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  test('a missing page is /404.html with status 404', () => {
    expect(distribution.CustomErrorResponses).toEqual(expect.arrayContaining([
      expect.objectContaining({ ErrorCode: 403, ResponseCode: 404, ResponsePagePath: '/404.html' }),
      expect.objectContaining({ ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html' }),
    ]));
  });

  test('/send-email/* goes to the function through the HTTP API, uncached, every method (plain form posts work)', () => {
    const behaviour = distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/send-email/*');
    expect(behaviour.TargetOriginId).toBe('leads');
    expect(behaviour.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'OPTIONS']));
    expect(behaviour.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    const origin = distribution.Origins.find((o: any) => o.Id === 'leads');
    expect(sub(origin.DomainName)).toBe('${LeadApi}.execute-api.${AWS::Region}.amazonaws.com');
    expect(resources.LeadApi!.Type).toBe('AWS::Serverless::HttpApi');
    expect(resources.LeadFunction!.Properties.Events.Leads).toMatchObject({ Type: 'HttpApi', Properties: { ApiId: { Ref: 'LeadApi' } } });
  });

  test('the response-headers policy sends HSTS, nosniff, frame options, referrer policy and the site CSP without unsafe-inline scripts', () => {
    const headers = resources.SecurityHeaders!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    expect(headers.ContentTypeOptions).toBeTruthy();
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe(securityHeaders['Referrer-Policy']);
    const csp = sub(headers.ContentSecurityPolicy.ContentSecurityPolicy) as string;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The preview sends the same policy (generator/headers.ts), with the leads bucket added for uploads.
    expect(csp.replace(" https://${LeadsBucket.RegionalDomainName}", '')).toBe(securityHeaders['Content-Security-Policy']);
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: 'SecurityHeaders' });
  });

  test('the leads bucket is private, encrypted, TLS-only, and deletes leads after the retention the privacy policy states', () => {
    const bucket = resources.LeadsBucket!.Properties;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    const privacy = readFileSync(join(root, 'content/legal/privacy-policies.md'), 'utf8');
    expect(privacy).toMatch(/Website leads.*24 months/);
    expect(privacy).toMatch(/Job applications.*12 months/);
    const rules = bucket.LifecycleConfiguration.Rules;
    expect(rules.find((r: any) => r.Prefix === 'leads/').ExpirationInDays).toBe(730);
    expect(rules.find((r: any) => r.Filter?.And?.Tags?.[0]?.Value === 'job').ExpirationInDays).toBe(365);
    expect(rules.find((r: any) => r.Prefix === 'resumes/').ExpirationInDays).toBe(365);
    expect(resources.LeadsBucketPolicy!.Properties.PolicyDocument.Statement[0]).toMatchObject({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } });
  });

  test('the function has least privilege: SES from the sender identity only, S3 on the leads prefixes only; concurrency is capped', () => {
    const fn = resources.LeadFunction!.Properties;
    expect(fn.ReservedConcurrentExecutions).toEqual({ Ref: 'LeadConcurrency' });
    expect(template.Parameters.LeadConcurrency.Default).toBeGreaterThan(0);
    const statements = fn.Policies.flatMap((p: any) => p.Statement);
    for (const s of statements) {
      for (const action of [s.Action].flat()) expect(action).not.toMatch(/\*/);
      for (const resource of [s.Resource].flat()) expect(JSON.stringify(resource)).not.toBe('"*"');
    }
    const ses = statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0].Action).toBe('ses:SendEmail');
    expect(sub(ses[0].Resource)).toBe('arn:aws:ses:${AWS::Region}:${AWS::AccountId}:identity/${SenderDomain}');
    const s3Objects = statements.filter((s: any) => [s.Action].flat().some((a: string) => /^s3:(Put|Get|Delete)Object/.test(a)));
    for (const s of s3Objects) for (const r of [s.Resource].flat()) expect(sub(r)).toMatch(/^\$\{LeadsBucket\.Arn\}\/(leads|submissions|resumes)\/\*$/);
    expect(fn.Environment.Variables).toEqual({ LEADS_BUCKET: { Ref: 'LeadsBucket' }, LEAD_SENDER: { Ref: 'LeadSender' } });
  });
});
