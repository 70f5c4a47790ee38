package kb

import (
	"errors"
	"fmt"
)

// The retrievers by name, as `foamc kb query --retriever` and library callers name them.
const (
	RetrieverCascade     = "cascade"
	RetrieverAllModel    = "all-model"
	RetrieverTemplate    = "template"
	RetrieverMultiSource = "multi-source"
	RetrieverKeyword     = "keyword"
)

// Retrievers lists the retriever names.
func Retrievers() []string {
	return []string{RetrieverCascade, RetrieverAllModel, RetrieverTemplate, RetrieverMultiSource, RetrieverKeyword}
}

// ErrUnknownRetriever is returned by Retrieve for a name not in Retrievers.
var ErrUnknownRetriever = errors.New("kb: unknown retriever")

// Retrieval is what one retrieval asks beyond the Query: the retriever ("" picks the
// default for the query, see DefaultRetriever), the template threshold, and the boundary
// condition type or keyword the multi-source and keyword retrievers look up.
type Retrieval struct {
	Retriever string
	Tau       float64 // template frequency threshold; 0 means DefaultTau
	BC        string
	Keyword   string
}

// DefaultRetriever is the retriever that answers q best when none is named: keyword when a
// keyword is asked for, multi-source for a boundary condition, all-model for fvSchemes
// (every model's schemes are needed together), template for fvSolution (solver settings
// are a template of frequent entries), else the cascade.
func DefaultRetriever(q Query, r Retrieval) string {
	switch {
	case r.Keyword != "":
		return RetrieverKeyword
	case r.BC != "":
		return RetrieverMultiSource
	case q.Target == "system/fvSchemes":
		return RetrieverAllModel
	case q.Target == "system/fvSolution":
		return RetrieverTemplate
	}
	return RetrieverCascade
}

// Retrieve answers q with the named retriever (or the default one) and returns its result
// document: Result, TemplateResult, BCResult or KeywordResult.
func (k *KB) Retrieve(q Query, r Retrieval) (any, error) {
	name := r.Retriever
	if name == "" {
		name = DefaultRetriever(q, r)
	}
	switch name {
	case RetrieverCascade:
		return k.Cascade(q), nil
	case RetrieverAllModel:
		return k.AllModel(q), nil
	case RetrieverTemplate:
		tau := r.Tau
		if tau == 0 {
			tau = DefaultTau
		}
		return k.Template(q, tau), nil
	case RetrieverMultiSource:
		if r.BC == "" {
			return nil, errors.New("kb: the multi-source retriever needs a boundary condition type")
		}
		return k.BC(q, r.BC), nil
	case RetrieverKeyword:
		if r.Keyword == "" {
			return nil, errors.New("kb: the keyword retriever needs a keyword")
		}
		return k.Keyword(q, r.Keyword), nil
	}
	return nil, fmt.Errorf("%w %q (want one of %v)", ErrUnknownRetriever, name, Retrievers())
}
