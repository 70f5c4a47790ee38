package kb

import (
	"errors"
	"testing"
)

func TestDefaultRetriever(t *testing.T) {
	cases := []struct {
		q    Query
		r    Retrieval
		want string
	}{
		{Query{Target: "system/fvSchemes"}, Retrieval{}, RetrieverAllModel},
		{Query{Target: "system/fvSolution"}, Retrieval{}, RetrieverTemplate},
		{Query{Target: "0/U"}, Retrieval{}, RetrieverCascade},
		{Query{Target: "system/fvSchemes"}, Retrieval{BC: "inletOutlet"}, RetrieverMultiSource},
		{Query{Target: "system/fvSchemes"}, Retrieval{BC: "x", Keyword: "div(phi,U)"}, RetrieverKeyword},
	}
	for _, c := range cases {
		if got := DefaultRetriever(c.q, c.r); got != c.want {
			t.Errorf("DefaultRetriever(%+v, %+v) = %s, want %s", c.q, c.r, got, c.want)
		}
	}
}

func TestRetrieveErrors(t *testing.T) {
	k := &KB{}
	if _, err := k.Retrieve(Query{}, Retrieval{Retriever: "best"}); !errors.Is(err, ErrUnknownRetriever) {
		t.Errorf("unknown retriever: %v", err)
	}
	if _, err := k.Retrieve(Query{}, Retrieval{Retriever: RetrieverMultiSource}); err == nil {
		t.Error("multi-source without a type: no error")
	}
	if _, err := k.Retrieve(Query{}, Retrieval{Retriever: RetrieverKeyword}); err == nil {
		t.Error("keyword without a keyword: no error")
	}
}
