package state

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/chatsvc/chat/pkg/deploy/awsenv"
	"github.com/chatsvc/chat/pkg/deploy/settings"
)

// The table's attributes (README, "Shared state"): the partition key, the TTL attribute
// (epoch seconds), a value's bytes and a counter's number.
const (
	AttrKey     = settings.StateKey
	AttrExpires = settings.StateExpires
	AttrValue   = "v"
	AttrCount   = "n"
)

// Dynamo is a Store in one DynamoDB table: partition key pk (string), TTL attribute
// expires_at (epoch seconds), on-demand billing. It uses three item actions: GetItem,
// PutItem (conditional, for Claim) and UpdateItem.
type Dynamo struct {
	table string
	now   func() time.Time
	// The client's methods, not the client: a *dynamodb.Client held as an interface would
	// make the linker keep every exported method of the DynamoDB API.
	getItem    func(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	putItem    func(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	updateItem func(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
}

var _ Store = (*Dynamo)(nil)

// NewDynamo returns the Store of the table, with the DynamoDB client built from the default
// AWS configuration: inside Lambda, the function's role and region. The SDK reads the
// environment itself (AWS_ENDPOINT_URL_DYNAMODB points it elsewhere); getenv is the process
// environment as main hands it in, and tells whether that endpoint is a loopback one (a
// local emulator), which then never asks the EC2 metadata service for credentials and, when
// the chain finds none, signs with fixed local ones in us-east-1. The SDK tries a call
// twice; a Shared's timeout bounds it.
func NewDynamo(ctx context.Context, table string, getenv func(string) string) (*Dynamo, error) {
	cfg, endpoint, err := awsenv.Load(ctx, "DYNAMODB", getenv)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	c := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint) // as the SDK would, but from the environment run was handed
		}
	})
	return &Dynamo{table: table, now: time.Now, getItem: c.GetItem, putItem: c.PutItem, updateItem: c.UpdateItem}, nil
}

// Table is the table's name.
func (d *Dynamo) Table() string { return d.table }

// Get reads the item (eventually consistent: half the read's price; another instance's
// write shows within about a second). An item whose expires_at has passed is none: TTL
// deletes lazily.
func (d *Dynamo) Get(ctx context.Context, key string) (Item, bool, error) {
	out, err := d.getItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(d.table),
		Key:       map[string]types.AttributeValue{AttrKey: &types.AttributeValueMemberS{Value: key}},
	})
	if err != nil {
		return Item{}, false, fmt.Errorf("state: get %s: %w", key, err)
	}
	if out.Item == nil {
		return Item{}, false, nil
	}
	var it Item
	if e, ok := out.Item[AttrExpires].(*types.AttributeValueMemberN); ok {
		if s, err := strconv.ParseInt(e.Value, 10, 64); err == nil {
			it.Expires = time.Unix(s, 0)
		}
	}
	if !d.now().Before(it.Expires) {
		return Item{}, false, nil
	}
	if v, ok := out.Item[AttrValue].(*types.AttributeValueMemberB); ok {
		it.Value = v.Value
	}
	if n, ok := out.Item[AttrCount].(*types.AttributeValueMemberN); ok {
		if it.Count, err = strconv.ParseFloat(n.Value, 64); err != nil {
			return Item{}, false, fmt.Errorf("state: get %s: counter %q: %w", key, n.Value, err)
		}
	}
	return it, true, nil
}

// Put writes the item, replacing what was there.
func (d *Dynamo) Put(ctx context.Context, key string, value []byte, expires time.Time) error {
	item := map[string]types.AttributeValue{
		AttrKey:     &types.AttributeValueMemberS{Value: key},
		AttrExpires: epoch(expires),
	}
	if len(value) > 0 { // DynamoDB refuses an empty binary attribute
		item[AttrValue] = &types.AttributeValueMemberB{Value: value}
	}
	if _, err := d.putItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(d.table), Item: item}); err != nil {
		return fmt.Errorf("state: put %s: %w", key, err)
	}
	return nil
}

// Add adds n to the counter with UpdateItem's ADD, which DynamoDB applies atomically: two
// instances adding at once both count.
func (d *Dynamo) Add(ctx context.Context, key string, n float64, expires time.Time) (float64, error) {
	out, err := d.updateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(d.table),
		Key:                      map[string]types.AttributeValue{AttrKey: &types.AttributeValueMemberS{Value: key}},
		UpdateExpression:         aws.String("ADD #n :n SET #e = :e"),
		ExpressionAttributeNames: map[string]string{"#n": AttrCount, "#e": AttrExpires},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":n": &types.AttributeValueMemberN{Value: strconv.FormatFloat(n, 'f', -1, 64)},
			":e": epoch(expires),
		},
		ReturnValues: types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return 0, fmt.Errorf("state: add %s: %w", key, err)
	}
	v, ok := out.Attributes[AttrCount].(*types.AttributeValueMemberN)
	if !ok {
		return 0, fmt.Errorf("state: add %s: %w", key, errNoCount)
	}
	total, err := strconv.ParseFloat(v.Value, 64)
	if err != nil {
		return 0, fmt.Errorf("state: add %s: counter %q: %w", key, v.Value, err)
	}
	return total, nil
}

var errNoCount = errors.New("the answer carries no counter")

// Claim writes the key with PutItem on the condition that no live item holds it
// (attribute_not_exists(pk), or an expires_at already past: TTL deletes lazily), which
// DynamoDB decides atomically.
func (d *Dynamo) Claim(ctx context.Context, key string, expires time.Time) (bool, error) {
	_, err := d.putItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(d.table),
		Item: map[string]types.AttributeValue{
			AttrKey:     &types.AttributeValueMemberS{Value: key},
			AttrExpires: epoch(expires),
		},
		ConditionExpression:      aws.String("attribute_not_exists(#k) OR #e <= :now"),
		ExpressionAttributeNames: map[string]string{"#k": AttrKey, "#e": AttrExpires},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(d.now().Unix(), 10)},
		},
	})
	if _, lost := errors.AsType[*types.ConditionalCheckFailedException](err); lost {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("state: claim %s: %w", key, err)
	}
	return true, nil
}

// epoch is t as the TTL attribute: whole seconds since 1970, rounded up so that an item
// never expires before it should.
func epoch(t time.Time) types.AttributeValue {
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(s, 10)}
}
